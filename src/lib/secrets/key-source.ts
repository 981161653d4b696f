// Where the sealing key comes from. LAPAK_SECRET_KEY when set (LAPAK_SECRET_KEY_OLD beside it
// still opens what the old key sealed). Without it, on the embedded SQLite default, a key
// file beside the database (`<database file>.key`): created exclusively with mode 0600 on
// the first start, said so in one line (never the key), read on every later start, so
// `npm start` just works. With PostgreSQL several hosts must share one key, so a missing
// LAPAK_SECRET_KEY stops the process.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError, secretKey, type Config } from '../config.js';
import { sqlitePath } from '../db/db.js';
import { createSealer, SECRET_KEY_BYTES, type Sealer } from './sealer.js';

export const MISSING_KEY_ON_POSTGRES =
  'LAPAK_SECRET_KEY is not set: with PostgreSQL every host must use the same key to open the stored secrets. ' +
  'Set LAPAK_SECRET_KEY to 32 random bytes in base64 (openssl rand -base64 32) on every host, and keep a copy apart from the database backups';

/** The key file of an SQLite database, or null (PostgreSQL, or an in-memory database). */
export function keyFilePath(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith('sqlite:')) return null;
  const file = sqlitePath(databaseUrl);
  return file === ':memory:' ? null : `${path.resolve(file)}.key`;
}

/** Reads a key file (32 bytes in base64); a file another process is still writing is read again. */
export function readKeyFile(file: string): Buffer {
  for (let attempt = 0; ; attempt++) {
    const text = fs.readFileSync(file, 'utf8');
    if (text.trim() !== '' || attempt >= 20) {
      const key = secretKey(text, `the key file ${file}`);
      if (!key) throw new ConfigError(`the key file ${file} is empty: restore it from its backup, or set LAPAK_SECRET_KEY`);
      return key;
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}

/** The key file's key, creating the file (exclusively, mode 0600) when there is none. */
function keyFromFile(file: string, notice: (line: string) => void): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKeyFile(file);
    throw error;
  }
  const key = randomBytes(SECRET_KEY_BYTES);
  try {
    fs.writeSync(fd, `${key.toString('base64')}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  notice(`created the secret key file ${file} (mode 0600) that seals the stored secrets; back it up apart from the database, or set LAPAK_SECRET_KEY`);
  return key;
}

/** The sealer of this process; `notice` receives the one line said when a key file is created. */
export function resolveSealer(config: Pick<Config, 'databaseUrl' | 'secretKey' | 'secretKeyOld'>, notice: (line: string) => void): Sealer {
  const older = config.secretKeyOld ? [config.secretKeyOld] : [];
  if (config.secretKey) return createSealer(config.secretKey, older);
  if (!config.databaseUrl.startsWith('sqlite:')) throw new ConfigError(MISSING_KEY_ON_POSTGRES);
  const file = keyFilePath(config.databaseUrl);
  // An in-memory database keeps nothing, so its key need not outlive the process either.
  if (file === null) return createSealer(randomBytes(SECRET_KEY_BYTES), older);
  return createSealer(keyFromFile(file, notice), older);
}
