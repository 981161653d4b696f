// The bytes of a served file, found by its random name: /images/{token}-{width}.webp.
import type { Db } from '../lib/db/db.js';
import type { ImageStore } from './image-store.js';

const FILE_NAME = /^([A-Za-z0-9_-]{22})-([1-9][0-9]{0,4})\.webp$/;

export async function readImageFile(db: Db, store: ImageStore, name: string): Promise<Buffer | null> {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const row = await db
    .selectFrom('product_images as i')
    .innerJoin('product_image_variants as v', 'v.image_id', 'i.id')
    .select('v.hash')
    .where('i.token', '=', match[1]!)
    .where('v.width', '=', Number(match[2]))
    .executeTakeFirst();
  return row ? store.read(db, row.hash) : null;
}
