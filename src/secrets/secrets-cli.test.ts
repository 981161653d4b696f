// The key of the stored secrets, as operators meet it through `node dist/cli.js`: the key
// file a first start creates beside an SQLite database, `lapak secrets rotate`, and
// PostgreSQL without LAPAK_SECRET_KEY stopping migrate, serve and dispatch.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliHarness } from '../../test/cli-process.js';
import { testPostgresUrl } from '../../test/helpers.js';
import { freePort } from '../../test/server-ready.js';
import { createScratchDatabase } from '../../test/pg-scratch.js';
import { openDatabase } from '../lib/db/db.js';
import { MISSING_KEY_ON_POSTGRES } from '../lib/secrets/key-source.js';
import { keyIdOf, sealedKeyId } from '../lib/secrets/sealer.js';

// No LAPAK_SECRET_KEY from the test's own environment: these commands find their own key.
const cli = cliHarness('lapak-secrets-', { LAPAK_SECRET_KEY: '', LAPAK_SECRET_KEY_OLD: '' });
afterAll(() => cli.cleanup());
const dbFile = (file: string) => cli.env(file).DATABASE_URL!.slice('sqlite:'.length);

async function rawSettings(file: string, tenantId: number) {
  const handle = openDatabase(`sqlite:${dbFile(file)}`);
  try {
    return await handle.db.selectFrom('store_settings').select(['midtrans_server_key', 'xendit_callback_token']).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  } finally {
    await handle.close();
  }
}

describe('the SQLite key file', { timeout: 60_000 }, () => {
  it('the first migrate creates it (0600) and says so in one line without the key; later commands reuse it', () => {
    const first = cli.lapak('keyfile.db', ['migrate', '--json']);
    expect(first.code).toBe(0);
    const file = `${dbFile('keyfile.db')}.key`;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(file, 'utf8');
    expect(first.stderr).toBe(`lapak: created the secret key file ${file} (mode 0600) that seals the stored secrets; back it up apart from the database, or set LAPAK_SECRET_KEY\n`);
    expect(first.stderr).not.toContain(key.trim());
    const again = cli.lapak('keyfile.db', ['migrate', '--json']);
    expect(again.stderr).toBe('');
    expect(again.json()).toEqual({ applied: [], secrets_sealed: 0 });
    expect(fs.readFileSync(file, 'utf8')).toBe(key);
  });

  it('serve on a new database creates it too, says so once in its log, and a restart reuses it', async () => {
    const file = `${dbFile('served.db')}.key`;
    const first = await cli.start('served.db', 'serve', { WEBHOOK_DISPATCHER: 'off' });
    await first.stop();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(file, 'utf8').trim();
    const notices = first.output().split('\n').filter((line) => line.includes('created the secret key file'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(file);
    expect(first.output()).not.toContain(key);
    const second = await cli.start('served.db', 'serve', { WEBHOOK_DISPATCHER: 'off' });
    await second.stop();
    expect(second.output()).not.toContain('created the secret key file');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(key);
  });
});

describe('lapak secrets rotate', { timeout: 60_000 }, () => {
  it('moves every secret from the key file to LAPAK_SECRET_KEY; a second run changes nothing; the settings stay set', async () => {
    const db = 'rotate.db';
    const tenant = cli.lapak(db, ['tenant', 'create', '--name', 'Toko Rotasi', '--json']).json();
    const set = cli.lapak(db, ['store', 'settings', '--tenant', String(tenant.id), '--json'], {
      input: JSON.stringify({ payment_methods: ['gateway'], gateway: 'xendit', xendit_secret_key: 'xnd_rotate_secret_123', xendit_callback_token: 'cb-rotate-token-456', midtrans_server_key: 'SB-Mid-rotate-789' }),
    });
    expect(set.json()).toMatchObject({ xendit_secret_key: 'set', xendit_callback_token: 'set', midtrans_server_key: 'set', offered_payment_methods: ['xendit'] });
    const endpoint = cli.lapak(db, ['webhook', 'add', '--tenant', String(tenant.id), '--url', 'http://127.0.0.1:9/hook', '--json'], { env: { WEBHOOK_ALLOW_PRIVATE: '1' } }).json();
    expect(endpoint.secret).toMatch(/^whsec_/);
    const fileKey = Buffer.from(fs.readFileSync(`${dbFile(db)}.key`, 'utf8').trim(), 'base64');
    expect(sealedKeyId((await rawSettings(db, tenant.id)).midtrans_server_key!)).toBe(keyIdOf(fileKey));

    const newKey = Buffer.alloc(32, 42);
    const env = { LAPAK_SECRET_KEY: newKey.toString('base64') };
    const without = cli.lapak(db, ['secrets', 'rotate', '--json']);
    expect(without.code).toBe(1);
    expect(without.stderr).toBe('lapak: set LAPAK_SECRET_KEY to the new key (32 bytes in base64: openssl rand -base64 32)\n');

    const rotated = cli.lapak(db, ['secrets', 'rotate', '--json'], { env });
    expect(rotated.code).toBe(0);
    expect(rotated.json()).toEqual({ key_id: keyIdOf(newKey), sealed_plain: 0, resealed: 4, already_current: 0, unreadable: [] });
    const raw = await rawSettings(db, tenant.id);
    expect(sealedKeyId(raw.midtrans_server_key!)).toBe(keyIdOf(newKey));
    expect(sealedKeyId(raw.xendit_callback_token!)).toBe(keyIdOf(newKey));

    const twice = cli.lapak(db, ['secrets', 'rotate', '--json'], { env });
    expect(twice.json()).toEqual({ key_id: keyIdOf(newKey), sealed_plain: 0, resealed: 0, already_current: 4, unreadable: [] });
    expect(await rawSettings(db, tenant.id)).toEqual(raw);
    expect(cli.lapak(db, ['store', 'show', '--tenant', String(tenant.id), '--json'], { env }).json()).toMatchObject({ xendit_secret_key: 'set', offered_payment_methods: ['xendit'] });

    // A key that sealed nothing here cannot rotate: the values are named, never shown, exit 1.
    const lost = cli.lapak(db, ['secrets', 'rotate', '--json', '--old-key-file', `${dbFile(db)}.key`], { env: { LAPAK_SECRET_KEY: Buffer.alloc(32, 43).toString('base64') } });
    expect(lost.code).toBe(1);
    expect(lost.json().unreadable).toHaveLength(4);
    expect(lost.stdout).not.toContain('xnd_rotate_secret_123');
    expect(lost.stderr).toBe('lapak: 4 stored secrets open with none of the keys given; give the key that sealed them (LAPAK_SECRET_KEY_OLD or --old-key-file) and run again\n');
  });
});

describe.skipIf(!testPostgresUrl)('PostgreSQL without LAPAK_SECRET_KEY', { timeout: 60_000 }, () => {
  it('migrate, serve and dispatch stop with the message before touching the database', async () => {
    const scratch = await createScratchDatabase(testPostgresUrl!, 'lapak_secrets');
    try {
      const env = { DATABASE_URL: scratch.url };
      const migrate = cli.lapak('unused.db', ['migrate'], { env });
      expect(migrate.code).toBe(1);
      expect(migrate.stderr).toBe(`lapak: ${MISSING_KEY_ON_POSTGRES}\n`);
      const serve = spawnSync('node', [path.resolve('dist/cli.js'), 'serve'], { env: { ...cli.env('unused.db', env), PORT: String(await freePort()) }, encoding: 'utf8', timeout: 20_000 });
      expect(serve.status).toBe(1);
      expect(serve.stderr).toBe(`lapak: ${MISSING_KEY_ON_POSTGRES}\n`);
      // The dispatcher alone opens sealed secrets too (the endpoints' signing secrets).
      const dispatch = spawnSync('node', [path.resolve('dist/cli.js'), 'dispatch'], { env: cli.env('unused.db', env), encoding: 'utf8', timeout: 20_000 });
      expect(dispatch.status).toBe(1);
      expect(dispatch.stderr).toBe(`lapak: ${MISSING_KEY_ON_POSTGRES}\n`);
      const handle = openDatabase(scratch.url);
      try {
        const tables = await handle.db.introspection.getTables();
        expect(tables.map((t) => t.name)).not.toContain('tenants');
      } finally {
        await handle.close();
      }
      const withKey = cli.lapak('unused.db', ['migrate', '--json'], { env: { ...env, LAPAK_SECRET_KEY: Buffer.alloc(32, 5).toString('base64') } });
      expect(withKey.code).toBe(0);
      expect(withKey.stderr).toBe('');
    } finally {
      await scratch.drop();
    }
  });
});
