// Issue 30, point 14: a new store starts with the unique transfer code on (sign-up, another
// store of a user, the demo; `lapak tenant create` in store-cli.test.ts), and no existing
// store changes when migration 018 moves the switch to the tenants row.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/helpers.js';
import { useEmptyDatabase } from '../../test/empty-database.js';
import { createDemo } from '../demo/create-demo.js';
import { ManualClock } from '../lib/clock.js';
import { migrateToLatest, migrations } from '../lib/db/migrate.js';
import { createTenant } from './create-tenant.js';
import { loadStoreSettings } from './store-settings.js';
import { updateStoreSettings } from './update-store-settings.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.drop());

const JSON_WRITE = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
const uniqueCodeOf = async (tenantId: number) => (await loadStoreSettings(t.ctx.db, tenantId))!.uniqueCode;

describe('a new store', () => {
  it('signed up, or added by its owner, starts with the unique code on, and the settings page says so', async () => {
    const signedUp = await t.request({
      method: 'POST', url: '/dashboard/api/signup', headers: JSON_WRITE,
      payload: JSON.stringify({ store_name: 'Toko Baru', name: 'Ani', email: 'ani@toko-baru.test', password: 'rahasia-sekali' }),
    });
    expect(signedUp.statusCode).toBe(201);
    const cookie = String(signedUp.headers['set-cookie']).split(';')[0]!;
    const settings = await t.request({ method: 'GET', url: '/dashboard/api/settings', headers: { cookie } });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().unique_code).toBe(true);

    const added = await t.request({ method: 'POST', url: '/dashboard/api/stores', headers: { ...JSON_WRITE, cookie }, payload: JSON.stringify({ name: 'Toko Kedua' }) });
    expect(added.statusCode).toBe(201);
    expect(await uniqueCodeOf(added.json().id)).toBe(true);
  });

  it('of the demo starts with it on', async () => {
    const demo = await t.ctx.db.transaction().execute((tx) => createDemo(tx, t.clock, t.ctx.sealer, t.ctx.config.timeZone));
    expect(await uniqueCodeOf(demo.tenant_id)).toBe(true);
  });

  it('turned off stays off, and the switch alone saves no settings row (the checklist reads a saved row as payments chosen)', async () => {
    const demo = await t.ctx.db.transaction().execute((tx) => createDemo(tx, t.clock, t.ctx.sealer, t.ctx.config.timeZone));
    const before = await t.ctx.db.selectFrom('store_settings').selectAll().where('tenant_id', '=', demo.tenant_id).executeTakeFirstOrThrow();
    expect((await updateStoreSettings(t.ctx.db, t.clock, t.ctx.sealer, demo.tenant_id, { unique_code: false })).ok).toBe(true);
    expect(await uniqueCodeOf(demo.tenant_id)).toBe(false);
    expect(await t.ctx.db.selectFrom('store_settings').selectAll().where('tenant_id', '=', demo.tenant_id).executeTakeFirstOrThrow()).toEqual(before);

    const signedUp = await t.request({
      method: 'POST', url: '/dashboard/api/signup', headers: JSON_WRITE,
      payload: JSON.stringify({ store_name: 'Toko Tiga', name: 'Budi', email: 'budi@toko-tiga.test', password: 'rahasia-sekali' }),
    });
    const tenantId = signedUp.json().store.id as number;
    expect((await updateStoreSettings(t.ctx.db, t.clock, t.ctx.sealer, tenantId, { unique_code: false })).ok).toBe(true);
    expect(await t.ctx.db.selectFrom('store_settings').select('tenant_id').where('tenant_id', '=', tenantId).executeTakeFirst()).toBeUndefined();
  });
});

describe('migration 018', () => {
  const database = useEmptyDatabase('018');

  it('changes no existing store: never saved (off), saved off, saved on', async () => {
    const { '018-unique-code-on-store': _, ...before } = migrations(database());
    await migrateToLatest(database(), before);
    const db = database().db;
    // Raw rows: this version's createTenant names 018's column.
    const tenant = async (name: string) =>
      (await sql<{ id: number }>`insert into tenants (name, active, created_at) values (${name}, 1, 1) returning id`.execute(db)).rows[0]!.id;
    const never = await tenant('Belum pernah simpan');
    const off = await tenant('Simpan mati');
    const on = await tenant('Simpan hidup');
    await sql`insert into store_settings (tenant_id, unique_code, updated_at) values (${off}, 0, 1), (${on}, 1, 1)`.execute(db);
    const read = async () => Promise.all([never, off, on].map(async (id) => (await loadStoreSettings(db, id))!.uniqueCode));

    expect(await migrateToLatest(database())).toEqual(['018-unique-code-on-store']);
    expect(await read()).toEqual([false, false, true]);
    // The column is gone from store_settings: one switch, on the tenants row.
    await expect(sql`select unique_code from store_settings`.execute(db)).rejects.toThrow();
    const created = await createTenant(db, new ManualClock(), { name: 'Sesudah' });
    expect(created.ok && (await loadStoreSettings(db, created.value.id))!.uniqueCode).toBe(true);
  });
});
