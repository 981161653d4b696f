import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { keyFilePath, MISSING_KEY_ON_POSTGRES, resolveSealer } from './key-source.js';
import { keyIdOf } from './sealer.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-key-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const BINDING = 'webhook_endpoints:secret:1';

describe('the key file beside an SQLite database', () => {
  it('is created on first use, exclusively with mode 0600, said in one line without the key, and reused later', () => {
    const config = loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'a', 'lapak.db')}` });
    const file = keyFilePath(config.databaseUrl)!;
    expect(file).toBe(path.join(dir, 'a', 'lapak.db.key'));
    const notices: string[] = [];
    const first = resolveSealer(config, (line) => notices.push(line));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    expect(key).toHaveLength(32);
    expect(first.keyId).toBe(keyIdOf(key));
    expect(notices).toEqual([`created the secret key file ${file} (mode 0600) that seals the stored secrets; back it up apart from the database, or set LAPAK_SECRET_KEY`]);
    expect(notices[0]).not.toContain(key.toString('base64'));

    const sealed = first.seal('whsec_abc', BINDING);
    const later = resolveSealer(config, (line) => notices.push(line));
    expect(notices).toHaveLength(1);
    expect(later.keyId).toBe(first.keyId);
    expect(later.open(sealed, BINDING)).toEqual({ ok: true, value: 'whsec_abc' });
  });

  it('a file that exists is never replaced: its key is used', () => {
    const file = path.join(dir, 'b.db.key');
    const key = Buffer.alloc(32, 3);
    fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
    const notices: string[] = [];
    const sealer = resolveSealer(loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'b.db')}` }), (line) => notices.push(line));
    expect(sealer.keyId).toBe(keyIdOf(key));
    expect(notices).toEqual([]);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${key.toString('base64')}\n`);
  });

  it('a damaged or empty key file stops with a clear message', () => {
    fs.writeFileSync(path.join(dir, 'c.db.key'), 'not a key\n');
    expect(() => resolveSealer(loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'c.db')}` }), () => {})).toThrow(
      new ConfigError(`the key file ${path.join(dir, 'c.db.key')} must be 32 bytes in base64 (make one with: openssl rand -base64 32), got text that is not base64`),
    );
  });

  it('LAPAK_SECRET_KEY wins: no file is created', () => {
    const key = Buffer.alloc(32, 9);
    const sealer = resolveSealer(loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'd.db')}`, LAPAK_SECRET_KEY: key.toString('base64') }), () => {});
    expect(sealer.keyId).toBe(keyIdOf(key));
    expect(fs.existsSync(path.join(dir, 'd.db.key'))).toBe(false);
  });
});

describe('LAPAK_SECRET_KEY', () => {
  it('with PostgreSQL and no key, stops with the message', () => {
    expect(() => resolveSealer(loadConfig({ DATABASE_URL: 'postgres://u@db/lapak' }), () => {})).toThrow(new ConfigError(MISSING_KEY_ON_POSTGRES));
  });

  it('must be exactly 32 bytes in base64; the message never repeats the value', () => {
    const short = Buffer.alloc(16, 1).toString('base64');
    expect(() => loadConfig({ LAPAK_SECRET_KEY: short })).toThrow('LAPAK_SECRET_KEY must be 32 bytes in base64 (make one with: openssl rand -base64 32), got 16 bytes');
    expect(() => loadConfig({ LAPAK_SECRET_KEY: 'hunter2!' })).toThrow(/got text that is not base64$/);
    expect(() => loadConfig({ LAPAK_SECRET_KEY_OLD: Buffer.alloc(33).toString('base64') })).toThrow('LAPAK_SECRET_KEY_OLD must be 32 bytes in base64 (make one with: openssl rand -base64 32), got 33 bytes');
    expect(loadConfig({ LAPAK_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') }).secretKey).toEqual(Buffer.alloc(32, 1));
  });

  it('an in-memory database gets a key for the process alone', () => {
    const sealer = resolveSealer(loadConfig({ DATABASE_URL: 'sqlite::memory:' }), () => {});
    expect(sealer.open(sealer.seal('x', BINDING), BINDING)).toEqual({ ok: true, value: 'x' });
  });
});
