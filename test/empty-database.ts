// An empty database of the backend under test (LAPAK_TEST_DB), for tests that migrate it
// themselves, e.g. to a migration's eve: a SQLite file in a temporary folder, or a scratch
// PostgreSQL database. Opened before the file's tests and removed after them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DbHandle } from '../src/lib/db/db.js';
import { backend } from './helpers.js';
import { createScratchDatabase } from './pg-scratch.js';

/** The handle, valid inside the file's tests. */
export function useEmptyDatabase(label: string): () => DbHandle {
  let handle: DbHandle | null = null;
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    if (backend === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lapak-${label}-`));
      handle = openDatabase(`sqlite:${path.join(dir, 'test.db')}`);
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    } else {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'lapak_test');
      handle = openDatabase(scratch.url);
      cleanup = () => scratch.drop();
    }
  });
  afterAll(async () => {
    await handle?.close();
    await cleanup();
  });
  return () => {
    if (!handle) throw new Error('the empty database is opened in beforeAll');
    return handle;
  };
}
