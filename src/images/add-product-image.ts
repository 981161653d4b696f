// Adds a processed upload to a product: its variants' bytes stored and referenced in one
// transaction, after the product's other images, refused past the 10th.
import { randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.js';
import { isPostgres, type Db } from '../lib/db/db.js';
import type { WriteTransaction } from '../lib/db/write-transaction.js';
import { DASHBOARD_ERRORS } from '../lib/http/messages.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import type { ImageStore } from './image-store.js';
import type { Variant } from './process-image.js';
import { imageCount, imageUrl, MAX_IMAGES_PER_PRODUCT, productExists, type ImageFile } from './product-images.js';

export interface Deps {
  db: Db;
  clock: Clock;
  writeTransaction: WriteTransaction;
  store: ImageStore;
}

export type AddRefusal = 'not_found' | 'image_limit_reached';

const refusal = (code: AddRefusal) => refuse(code, DASHBOARD_ERRORS[code].error);

/** The checks worth making before the bytes are decoded; addProductImage makes them again under the lock. */
export async function canAddImage(db: Db, tenantId: number, productId: number): Promise<Outcome<null, AddRefusal>> {
  if (!(await productExists(db, tenantId, productId))) return refusal('not_found');
  if ((await imageCount(db, tenantId, productId)) >= MAX_IMAGES_PER_PRODUCT) return refusal('image_limit_reached');
  return succeed(null);
}

export async function addProductImage(deps: Deps, tenantId: number, productId: number, variants: readonly Variant[]): Promise<Outcome<{ id: number; urls: ImageFile[] }, AddRefusal>> {
  const now = deps.clock.now();
  const token = randomBytes(16).toString('base64url');
  let outcome: Outcome<{ id: number; urls: ImageFile[] }, AddRefusal>;
  try {
    outcome = await deps.writeTransaction(async (tx) => {
      // The product's row lock makes concurrent uploads count one after another (PostgreSQL;
      // SQLite's write transactions are one at a time already).
      let lookup = tx.selectFrom('products').select('id').where('tenant_id', '=', tenantId).where('id', '=', productId).where('deleted_at', 'is', null);
      if (isPostgres(tx)) lookup = lookup.forUpdate();
      if (!(await lookup.executeTakeFirst())) return refusal('not_found');
      const count = await imageCount(tx, tenantId, productId);
      if (count >= MAX_IMAGES_PER_PRODUCT) return refusal('image_limit_reached');
      const last = await tx
        .selectFrom('product_images')
        .select((eb) => eb.fn.max('position').as('last'))
        .where('tenant_id', '=', tenantId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      const position = last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1;
      const row = await tx.insertInto('product_images').values({ tenant_id: tenantId, product_id: productId, token, position, created_at: now }).returning('id').executeTakeFirstOrThrow();
      const id = Number(row.id);
      await tx.insertInto('product_image_variants').values(variants.map((v) => ({ image_id: id, width: v.width, height: v.height, hash: v.hash, size: v.bytes.length }))).execute();
      await deps.store.save(tx, variants, now);
      return succeed({ id, urls: variants.map((v) => ({ width: v.width, height: v.height, url: imageUrl(token, v.width) })) });
    });
  } catch (error) {
    // Files written before a failed commit are referenced by nothing.
    await deps.store.release(deps.db, variants.map((v) => v.hash)).catch(() => undefined);
    throw error;
  }
  return outcome;
}
