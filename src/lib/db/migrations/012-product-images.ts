import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// Product images (issue 11, section 2). Additive only.
//
// - product_images: one uploaded image of a product, its place in the product's order
//   (position, 0 first) and the random token its served files are named by.
// - product_image_variants: the WebP files of an image, one per width. `hash` (SHA-256 of the
//   bytes) names the stored bytes, so a duplicated product's images reference the same
//   bytes and the bytes go only when no variant references them any more.
// - image_blobs: the bytes by hash, for PostgreSQL without IMAGE_DIR (src/images/image-store.ts);
//   empty on every other deployment (the bytes are files).
export function productImages(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const idType = dialect === 'sqlite' ? 'integer' : 'bigserial';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey());
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('product_images')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('product_id', bigint, (c) => c.notNull().references('products.id'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('product_images_product').on('product_images').columns(['tenant_id', 'product_id', 'position']).execute();

    await db.schema
      .createTable('product_image_variants')
      .addColumn('image_id', bigint, (c) => c.notNull().references('product_images.id').onDelete('cascade'))
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('product_image_variants_pk', ['image_id', 'width'])
      .execute();
    await db.schema.createIndex('product_image_variants_hash').on('product_image_variants').column('hash').execute();

    await db.schema
      .createTable('image_blobs')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('bytes', dialect === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
  };
}
