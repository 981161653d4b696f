// What the form's pages need: the product (by tenant and slug) and the store's settings;
// the form page and its submit also the store's shipping rates. null when the store is
// unknown or inactive or the product is not in it. A slug the product had before a rename
// finds it too (the form then redirects to its current URL); a deleted product is found, for
// its thank-you pages, and the form refuses it (routes.ts).
import { productImages, type ProductImage } from '../images/product-images.js';
import type { Db } from '../lib/db/db.js';
import { toProduct, type Product } from '../products/product-record.js';
import type { RateTable, ShippingRates } from '../shipping/rates.js';
import { loadStoreSettings, offeredPaymentMethods, type OrderPaymentMethod, type StoreSettings } from '../tenants/store-settings.js';

export interface FormProduct {
  product: Product;
  settings: StoreSettings;
}

export interface OrderForm extends FormProduct {
  /** The product's images in their order. */
  images: ProductImage[];
  rates: RateTable;
  paymentMethods: OrderPaymentMethod[];
}

/** The product and its store's settings (all the thank-you page needs). */
export async function loadFormProduct(db: Db, tenantId: number, slug: string): Promise<FormProduct | null> {
  const settings = await loadStoreSettings(db, tenantId);
  if (!settings || !settings.active) return null;
  const row =
    (await db.selectFrom('products').selectAll().where('tenant_id', '=', tenantId).where('slug', '=', slug).executeTakeFirst()) ??
    (await db
      .selectFrom('product_slug_redirects')
      .innerJoin('products', (join) => join.onRef('products.id', '=', 'product_slug_redirects.product_id').onRef('products.tenant_id', '=', 'product_slug_redirects.tenant_id'))
      .selectAll('products')
      .where('product_slug_redirects.tenant_id', '=', tenantId)
      .where('product_slug_redirects.slug', '=', slug)
      .executeTakeFirst());
  if (!row) return null;
  return { product: toProduct(row), settings };
}

/** The store's methods and couriers narrowed to the product's choice (null: all the store offers). */
export function productOffer(product: Product, methods: OrderPaymentMethod[], rates: RateTable): { paymentMethods: OrderPaymentMethod[]; rates: RateTable } {
  const chosen = product.payment_methods;
  // A gateway method is chosen as `gateway`; the store's ready gateway (midtrans, xendit) stands for it.
  const paymentMethods = chosen === null ? methods : methods.filter((m) => chosen.includes(m === 'bank_transfer' || m === 'cod' ? m : 'gateway'));
  const couriers = product.couriers;
  const narrowed = couriers === null ? rates : Object.fromEntries(Object.entries(rates).filter(([courier]) => couriers.includes(courier)));
  return { paymentMethods, rates: narrowed };
}

export async function loadOrderForm(db: Db, rates: ShippingRates, tenantId: number, slug: string): Promise<OrderForm | null> {
  const found = await loadFormProduct(db, tenantId, slug);
  if (!found) return null;
  return {
    ...found,
    images: await productImages(db, tenantId, found.product.id),
    ...productOffer(found.product, offeredPaymentMethods(found.settings), await rates.table(tenantId)),
  };
}
