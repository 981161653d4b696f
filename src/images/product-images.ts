// Reading a product's images: the list the dashboard shows and the order form renders.
import type { Db, Tx } from '../lib/db/db.js';

/** At most this many images per product. */
export const MAX_IMAGES_PER_PRODUCT = 10;

export interface ImageFile {
  width: number;
  height: number;
  /** Path of the served WebP on this server: /images/{token}-{width}.webp. */
  url: string;
}

export interface ProductImage {
  id: number;
  position: number;
  /** Narrowest first. */
  urls: ImageFile[];
}

export const imageUrl = (token: string, width: number) => `/images/${token}-${width}.webp`;

/** The images of products of the store, each product's in its order (position), keyed by product id. */
export async function imagesOfProducts(db: Db | Tx, tenantId: number, productIds: readonly number[]): Promise<Map<number, ProductImage[]>> {
  const byProduct = new Map<number, ProductImage[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom('product_images as i')
    .innerJoin('product_image_variants as v', 'v.image_id', 'i.id')
    .select(['i.id', 'i.product_id', 'i.token', 'i.position', 'v.width', 'v.height'])
    .where('i.tenant_id', '=', tenantId)
    .where('i.product_id', 'in', [...productIds])
    .orderBy('i.product_id')
    .orderBy('i.position')
    .orderBy('v.width')
    .execute();
  const byId = new Map<number, ProductImage>();
  for (const row of rows) {
    const id = Number(row.id);
    let image = byId.get(id);
    if (!image) {
      image = { id, position: row.position, urls: [] };
      byId.set(id, image);
      const productId = Number(row.product_id);
      byProduct.set(productId, [...(byProduct.get(productId) ?? []), image]);
    }
    image.urls.push({ width: row.width, height: row.height, url: imageUrl(row.token, row.width) });
  }
  return byProduct;
}

export async function productImages(db: Db | Tx, tenantId: number, productId: number): Promise<ProductImage[]> {
  return (await imagesOfProducts(db, tenantId, [productId])).get(productId) ?? [];
}

/** Whether the store has the product, not deleted (the routes' 404 for another store's or a deleted one). */
export async function productExists(db: Db | Tx, tenantId: number, productId: number): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').where('tenant_id', '=', tenantId).where('id', '=', productId).where('deleted_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

export async function imageCount(db: Db | Tx, tenantId: number, productId: number): Promise<number> {
  const row = await db
    .selectFrom('product_images')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
