import type { Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The product editor (issue 11, sections 1 and 2): the fields the dashboard edits beyond
// SPEC's embed record, soft deletion, and the slugs a product answered under before a rename
// (the old form URL redirects, so pasted snippets never break). Additive only.
export function productEditor(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('products')
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('products').addColumn('weight_grams', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    // JSON lists; null means "all the store offers".
    await db.schema.alterTable('products').addColumn('payment_methods', 'text').execute();
    await db.schema.alterTable('products').addColumn('couriers', 'text').execute();
    await db.schema.alterTable('products').addColumn('tiktok_pixel_id', 'text').execute();
    // Soft deletion: the row (and so its slug) stays; orders keep their product.
    await db.schema.alterTable('products').addColumn('deleted_at', bigint).execute();
    await db.schema
      .createTable('product_slug_redirects')
      .addColumn('tenant_id', bigint, (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('product_id', bigint, (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('product_slug_redirects_pk', ['tenant_id', 'slug'])
      .execute();
  };
}
