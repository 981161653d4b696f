// The dashboard's GET /api/products.php: the store's products that are not deleted, newest
// first, a page at a time (at most 100 per page).
import type { Db } from '../lib/db/db.js';
import { toProduct, type Product } from './product-record.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';

export const PER_PAGE_MAX = 100;
export const PER_PAGE_DEFAULT = 50;

export interface ProductPage {
  products: Product[];
  page: number;
  per_page: number;
  total: number;
}

export async function listProducts(db: Db, tenantId: number, page: number, perPage: number): Promise<ProductPage> {
  const base = db.selectFrom('products').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(fixedLimit(perPage)).offset((page - 1) * perPage).execute(),
    base.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { products: rows.map(toProduct), page, per_page: perPage, total: Number(count.n) };
}
