// Where the bytes of served image files live, behind one small interface, keyed by the
// SHA-256 of the bytes (so a duplicated product's images share them):
//   - files under a directory: the embedded default (beside the SQLite database file) and any
//     deployment with IMAGE_DIR (a directory every host shares);
//   - the image_blobs table: PostgreSQL without IMAGE_DIR, where several hosts serve and none
//     has the others' disk.
// Bytes are written inside the transaction that references them and released after the
// references go: release() forgets only hashes no variant references any more.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db, DialectName, Tx } from '../lib/db/db.js';
import { sqlitePath } from '../lib/db/db.js';

export interface Blob {
  hash: string;
  bytes: Buffer;
}

export interface ImageStore {
  readonly kind: 'files' | 'table';
  /** Stores the bytes (inside the transaction that inserts their references). */
  save(tx: Tx, blobs: readonly Blob[], now: number): Promise<void>;
  read(db: Db, hash: string): Promise<Buffer | null>;
  /** Forgets the bytes of the hashes that no variant references any more. */
  release(db: Db | Tx, hashes: readonly string[]): Promise<void>;
}

const HASH = /^[0-9a-f]{64}$/;

async function referenced(db: Db | Tx, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db.selectFrom('product_image_variants').select('hash').where('hash', 'in', [...hashes]).execute();
  return new Set(rows.map((r) => r.hash));
}

export function fileStore(dir: string): ImageStore {
  const fileOf = (hash: string) => {
    if (!HASH.test(hash)) throw new Error('not a content hash');
    return path.join(dir, hash.slice(0, 2), `${hash}.webp`);
  };
  return {
    kind: 'files',
    async save(_tx, blobs) {
      for (const { hash, bytes } of blobs) {
        const file = fileOf(hash);
        await fs.mkdir(path.dirname(file), { recursive: true });
        // Written whole under a temporary name, then renamed: a reader never sees half a file.
        const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
        await fs.writeFile(temporary, bytes, { flag: 'wx' });
        await fs.rename(temporary, file);
      }
    },
    async read(_db, hash) {
      try {
        return await fs.readFile(fileOf(hash));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async release(db, hashes) {
      const kept = await referenced(db, hashes);
      for (const hash of new Set(hashes)) if (!kept.has(hash)) await fs.rm(fileOf(hash), { force: true });
    },
  };
}

export function tableStore(): ImageStore {
  return {
    kind: 'table',
    async save(tx, blobs, now) {
      for (const { hash, bytes } of blobs) {
        await tx.insertInto('image_blobs').values({ hash, bytes, created_at: now }).onConflict((c) => c.column('hash').doNothing()).execute();
      }
    },
    async read(db, hash) {
      const row = await db.selectFrom('image_blobs').select('bytes').where('hash', '=', hash).executeTakeFirst();
      return row ? Buffer.from(row.bytes) : null;
    },
    async release(db, hashes) {
      if (hashes.length === 0) return;
      await db
        .deleteFrom('image_blobs')
        .where('hash', 'in', [...new Set(hashes)])
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('product_image_variants').select(sql`1`.as('one')).whereRef('product_image_variants.hash', '=', 'image_blobs.hash'))))
        .execute();
    },
  };
}

/** IMAGE_DIR when set; else beside the SQLite database file; else (PostgreSQL) the table. */
export function chooseImageStore(config: { imageDir: string | null; databaseUrl: string }, dialect: DialectName): ImageStore {
  if (config.imageDir) return fileStore(path.resolve(config.imageDir));
  if (dialect === 'sqlite') return fileStore(path.join(path.dirname(path.resolve(sqlitePath(config.databaseUrl))), 'images'));
  return tableStore();
}
