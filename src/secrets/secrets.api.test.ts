// Secrets at rest, on SQLite and PostgreSQL: gateway keys and webhook signing secrets are
// stored sealed, open only in their own row, are sealed when found in plain text, re-seal
// under a new key, and a secret that does not open fails its own store only. A database
// copied without the key reveals no secret: checked on the raw database files (SQLite) and
// the raw column text (PostgreSQL).
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backend, json, seedStore, startTestApp } from '../../test/helpers.js';
import { midtransNotification } from '../../test/payment-notifications.js';
import { startReceiver, type Receiver, testDispatcher } from '../../test/webhook-receiver.js';
import { sqlitePath } from '../lib/db/db.js';
import { valueOf } from '../lib/outcome.js';
import { createSealer, keyIdOf, sealedKeyId, SEALED_PREFIX } from '../lib/secrets/sealer.js';
import { loadStoreSettings, openStoreSecret, storeSecretBinding } from '../tenants/store-settings.js';
import { updateStoreSettings } from '../tenants/update-store-settings.js';
import { addEndpoint } from '../webhooks/add-endpoint.js';
import { SECRET_UNREADABLE } from '../webhooks/dispatcher.js';
import { rotateSecret } from '../webhooks/rotate-secret.js';
import { webhookSecretBinding } from '../webhooks/sealed-secret.js';
import { sendTestEvent } from '../webhooks/send-test-event.js';
import { sealStoredSecrets } from './seal-stored-secrets.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
const receivers: Receiver[] = [];
beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
});
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});
afterAll(() => t.drop());

const unique = (label: string) => `${label}-${randomBytes(9).toString('hex')}`;
const safety = { allowPrivate: true, resolver: async () => [] };

const settingsRow = (tenantId: number) =>
  t.ctx.db.selectFrom('store_settings').select(['midtrans_server_key', 'xendit_secret_key', 'xendit_callback_token']).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
const endpointRow = (tenantId: number, id: number) =>
  t.ctx.db.selectFrom('webhook_endpoints').select(['secret', 'previous_secret']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirstOrThrow();

async function storeWithSecrets() {
  const { tenantId } = await seedStore(t.ctx, {});
  const secrets = { midtrans_server_key: unique('SB-Mid-server'), xendit_secret_key: unique('xnd_development'), xendit_callback_token: unique('cbtoken') };
  valueOf(await updateStoreSettings(t.ctx.db, t.clock, t.ctx.sealer, tenantId, { ...secrets, gateway: 'midtrans', payment_methods: ['gateway', 'cod'] }));
  return { tenantId, secrets };
}

/** An endpoint nothing is sent to in these tests. */
const idleEndpoint = async (tenantId: number) => valueOf(await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, tenantId, { url: 'http://127.0.0.1:9/hook' }, safety));

describe('store secrets', () => {
  it('are stored sealed with the key id, and open to what was set', async () => {
    const { tenantId, secrets } = await storeWithSecrets();
    const row = await settingsRow(tenantId);
    for (const [column, value] of Object.entries(secrets)) {
      const stored = row[column as keyof typeof row]!;
      expect(stored.startsWith(SEALED_PREFIX)).toBe(true);
      expect(sealedKeyId(stored)).toBe(t.ctx.sealer.keyId);
      expect(stored).not.toContain(value);
    }
    const settings = (await loadStoreSettings(t.ctx.db, tenantId))!;
    expect(openStoreSecret(t.ctx.sealer, settings.midtransServerKey)).toEqual({ ok: true, value: secrets.midtrans_server_key });
    expect(openStoreSecret(t.ctx.sealer, settings.xenditSecretKey)).toEqual({ ok: true, value: secrets.xendit_secret_key });
    expect(openStoreSecret(t.ctx.sealer, settings.xenditCallbackToken)).toEqual({ ok: true, value: secrets.xendit_callback_token });
  });

  it('a sealed value copied into another store\'s row does not open there', async () => {
    const a = await storeWithSecrets();
    const b = await storeWithSecrets();
    const stolen = (await settingsRow(a.tenantId)).midtrans_server_key!;
    await t.ctx.db.updateTable('store_settings').set({ midtrans_server_key: stolen }).where('tenant_id', '=', b.tenantId).execute();
    const settings = (await loadStoreSettings(t.ctx.db, b.tenantId))!;
    expect(openStoreSecret(t.ctx.sealer, settings.midtransServerKey)).toEqual({
      ok: false, code: 'secret_unreadable', message: 'the stored secret does not open: it was changed or copied from another row',
    });
    // Nor in another column of its own row.
    await t.ctx.db.updateTable('store_settings').set({ xendit_secret_key: stolen }).where('tenant_id', '=', a.tenantId).execute();
    expect(openStoreSecret(t.ctx.sealer, (await loadStoreSettings(t.ctx.db, a.tenantId))!.xenditSecretKey)?.ok).toBe(false);
  });

  it('a secret that does not open fails that store\'s payment notification only (503), the others verify', async () => {
    const broken = await storeWithSecrets();
    const working = await storeWithSecrets();
    const foreign = createSealer(randomBytes(32));
    await t.ctx.db
      .updateTable('store_settings')
      .set({ midtrans_server_key: foreign.seal(broken.secrets.midtrans_server_key, storeSecretBinding(broken.tenantId, 'midtrans_server_key')) })
      .where('tenant_id', '=', broken.tenantId)
      .execute();
    const notify = (body: Record<string, unknown>) => t.request({ method: 'POST', url: '/payments/midtrans/notification', payload: body });
    const refused = await notify(midtransNotification(broken.secrets.midtrans_server_key, { order_id: `lapak-${broken.tenantId}-999999`, gross_amount: '1000.00' }));
    expect(refused.statusCode).toBe(503);
    expect(json(refused)).toEqual({ error: "the store's payment secret cannot be opened" });
    // The working store's secret opens and verifies: a good signature passes (the order is
    // unknown: 404), a bad one is refused (401).
    const verified = await notify(midtransNotification(working.secrets.midtrans_server_key, { order_id: `lapak-${working.tenantId}-999999`, gross_amount: '1000.00' }));
    expect(verified.statusCode).toBe(404);
    const forged = await notify(midtransNotification('wrong-key', { order_id: `lapak-${working.tenantId}-999999`, gross_amount: '1000.00' }));
    expect(forged.statusCode).toBe(401);
    // The form of the broken store still loads.
    const status = await t.request({ method: 'GET', url: '/healthz' });
    expect(status.statusCode).toBe(200);
  });
});

describe('webhook signing secrets', () => {
  it('are stored sealed; a rotation keeps both sealed, and deliveries are signed with the opened secrets', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    const r = await startReceiver();
    receivers.push(r);
    const added = valueOf(await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, tenantId, { url: r.url }, safety));
    const first = await endpointRow(tenantId, added.id);
    expect(first.secret.startsWith(SEALED_PREFIX)).toBe(true);
    expect(first.secret).not.toContain(added.secret.slice('whsec_'.length));
    const rotated = valueOf(await rotateSecret(t.ctx.db, t.clock, t.ctx.sealer, tenantId, added.id, 'Asia/Jakarta'));
    const after = await endpointRow(tenantId, added.id);
    expect(after.previous_secret).toBe(first.secret);
    expect(t.ctx.sealer.open(after.secret, webhookSecretBinding(tenantId))).toEqual({ ok: true, value: rotated.secret });
    r.secret = rotated.secret;
    valueOf(await t.ctx.writeTransaction((tx) => sendTestEvent(tx, t.clock, tenantId, added.id)));
    const d = testDispatcher(t);
    expect(await d.runOnce()).toMatchObject({ outcomes: { delivered: 1 } });
    await d.stop();
    expect(r.rejected).toEqual([]);
    expect(r.received).toHaveLength(1);
  });

  it('an endpoint whose secret does not open gets a failed attempt saying so; other stores are delivered', async () => {
    const broken = await seedStore(t.ctx, {});
    const working = await seedStore(t.ctx, {});
    const [rb, rw] = [await startReceiver(), await startReceiver()];
    receivers.push(rb, rw);
    const b = valueOf(await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, broken.tenantId, { url: rb.url }, safety));
    const w = valueOf(await addEndpoint(t.ctx.db, t.clock, t.ctx.sealer, working.tenantId, { url: rw.url }, safety));
    rw.secret = w.secret;
    const foreign = createSealer(randomBytes(32));
    await t.ctx.db.updateTable('webhook_endpoints').set({ secret: foreign.seal(b.secret, webhookSecretBinding(broken.tenantId)) }).where('id', '=', b.id).execute();
    const sent = valueOf(await t.ctx.writeTransaction((tx) => sendTestEvent(tx, t.clock, broken.tenantId, b.id)));
    valueOf(await t.ctx.writeTransaction((tx) => sendTestEvent(tx, t.clock, working.tenantId, w.id)));
    const d = testDispatcher(t);
    expect(await d.runOnce()).toMatchObject({ claimed: 2, outcomes: { delivered: 1, retry: 1 } });
    await d.stop();
    expect(rb.received).toEqual([]);
    expect(rw.received).toHaveLength(1);
    const attempt = await t.ctx.db.selectFrom('webhook_attempts').select(['status_code', 'error']).where('tenant_id', '=', broken.tenantId).where('delivery_id', '=', sent.delivery_id).executeTakeFirstOrThrow();
    expect(attempt).toEqual({ status_code: null, error: `${SECRET_UNREADABLE}: the stored secret was sealed with key ${foreign.keyId}, which LAPAK_SECRET_KEY is not` });
  });
});

describe('sealing what is stored in plain text (migrate and serve)', () => {
  it('seals every plain value once; a second run changes nothing', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    const plain = { midtrans_server_key: unique('plain-mid'), xendit_secret_key: null, xendit_callback_token: unique('plain-token') };
    await t.ctx.db.insertInto('store_settings').values({ tenant_id: tenantId, ...plain, updated_at: t.clock.now() }).execute();
    const endpoint = await idleEndpoint(tenantId);
    const plainSecret = unique('whsec_plain');
    const plainPrevious = unique('whsec_previous');
    await t.ctx.db.updateTable('webhook_endpoints').set({ secret: plainSecret, previous_secret: plainPrevious }).where('id', '=', endpoint.id).execute();

    const first = await sealStoredSecrets(t.ctx.db, t.ctx.sealer, 'plain');
    expect(first.sealed_plain).toBeGreaterThanOrEqual(4);
    expect(first.unreadable).toEqual([]);
    const row = await settingsRow(tenantId);
    expect(row.xendit_secret_key).toBeNull();
    expect(t.ctx.sealer.open(row.midtrans_server_key!, storeSecretBinding(tenantId, 'midtrans_server_key'))).toEqual({ ok: true, value: plain.midtrans_server_key });
    expect(t.ctx.sealer.open(row.xendit_callback_token!, storeSecretBinding(tenantId, 'xendit_callback_token'))).toEqual({ ok: true, value: plain.xendit_callback_token });
    const ep = await endpointRow(tenantId, endpoint.id);
    expect(t.ctx.sealer.open(ep.secret, webhookSecretBinding(tenantId))).toEqual({ ok: true, value: plainSecret });
    expect(t.ctx.sealer.open(ep.previous_secret!, webhookSecretBinding(tenantId))).toEqual({ ok: true, value: plainPrevious });

    const second = await sealStoredSecrets(t.ctx.db, t.ctx.sealer, 'plain');
    expect(second.sealed_plain).toBe(0);
    expect(second.already_current).toBe(first.already_current + first.sealed_plain);
    expect((await settingsRow(tenantId)).midtrans_server_key).toBe(row.midtrans_server_key);
  });
});

describe('rotation', () => {
  it('re-seals every value under the new key; the old key no longer opens them; a second run is harmless', async () => {
    const { tenantId, secrets } = await storeWithSecrets();
    const endpoint = await idleEndpoint(tenantId);
    const oldSealer = t.ctx.sealer;
    const newKey = randomBytes(32);
    const rotating = createSealer(newKey, [Buffer.alloc(32, 7)]);
    expect(rotating.keyId).toBe(keyIdOf(newKey));

    // Earlier tests of this file left values no key opens (copied, foreign); only this store's count here.
    const mine = (u: { table: string; row: number }) => (u.table === 'store_settings' ? u.row === tenantId : u.row === endpoint.id);
    const report = await sealStoredSecrets(t.ctx.db, rotating, 'all');
    expect(report.unreadable.filter(mine)).toEqual([]);
    expect(report.resealed).toBeGreaterThanOrEqual(4);
    const row = await settingsRow(tenantId);
    for (const [column, value] of Object.entries(secrets)) {
      const stored = row[column as keyof typeof row]!;
      expect(sealedKeyId(stored)).toBe(rotating.keyId);
      const binding = storeSecretBinding(tenantId, column as 'midtrans_server_key');
      expect(createSealer(newKey).open(stored, binding)).toEqual({ ok: true, value });
      expect(oldSealer.open(stored, binding)).toMatchObject({ ok: false, code: 'secret_unreadable' });
    }
    const ep = await endpointRow(tenantId, endpoint.id);
    expect(createSealer(newKey).open(ep.secret, webhookSecretBinding(tenantId))).toEqual({ ok: true, value: endpoint.secret });
    expect(oldSealer.open(ep.secret, webhookSecretBinding(tenantId)).ok).toBe(false);

    const again = await sealStoredSecrets(t.ctx.db, rotating, 'all');
    expect(again).toMatchObject({ resealed: 0, sealed_plain: 0 });
    expect(again.unreadable).toEqual(report.unreadable);
    expect(again.already_current).toBe(report.already_current + report.resealed);
    expect((await settingsRow(tenantId)).midtrans_server_key).toBe(row.midtrans_server_key);

    // Without the key that sealed them, values are reported by place, never by value.
    const lost = await sealStoredSecrets(t.ctx.db, createSealer(randomBytes(32)), 'all');
    expect(lost.resealed).toBe(0);
    expect(lost.unreadable).toContainEqual({ table: 'store_settings', column: 'midtrans_server_key', row: tenantId, reason: expect.stringContaining(rotating.keyId) });
    expect(JSON.stringify(lost)).not.toContain(secrets.midtrans_server_key);
    // Back to the test key for the other tests of this file.
    await sealStoredSecrets(t.ctx.db, createSealer(Buffer.alloc(32, 7), [newKey]), 'all');
  });
});

describe('a database copied without the key', () => {
  it('reveals no secret in its raw bytes', async () => {
    const { tenantId, secrets } = await storeWithSecrets();
    const first = await idleEndpoint(tenantId);
    const rotated = valueOf(await rotateSecret(t.ctx.db, t.clock, t.ctx.sealer, tenantId, first.id, 'Asia/Jakarta'));
    const whatsapp = '6281299887766';
    valueOf(await updateStoreSettings(t.ctx.db, t.clock, t.ctx.sealer, tenantId, { whatsapp_number: whatsapp }));
    const known = [...Object.values(secrets), first.secret, rotated.secret, first.secret.slice('whsec_'.length), rotated.secret.slice('whsec_'.length)];

    if (backend === 'sqlite') {
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(t.ctx.db);
      const file = sqlitePath(t.url);
      const bytes = Buffer.concat([fs.readFileSync(file), ...(fs.existsSync(`${file}-wal`) ? [fs.readFileSync(`${file}-wal`)] : [])]);
      // The read sees the data: a setting that is not secret is there in plain text.
      expect(bytes.includes(whatsapp)).toBe(true);
      for (const secret of known) expect(bytes.includes(secret), 'a secret in the database file').toBe(false);
    } else {
      const text = await sql<{ row: string }>`SELECT s::text AS row FROM store_settings s WHERE tenant_id = ${tenantId}
        UNION ALL SELECT w::text FROM webhook_endpoints w WHERE tenant_id = ${tenantId}`.execute(t.ctx.db);
      const raw = text.rows.map((x) => x.row).join('\n');
      expect(raw).toContain(whatsapp);
      for (const secret of known) expect(raw.includes(secret), 'a secret in the raw rows').toBe(false);
    }
  });
});
