// Issue 34 §1: the rotation is fair across processes on PostgreSQL. 1,000 orders from 1,000
// different phones, submitted through the order form in parallel (50 in flight) to three
// `lapak serve` processes on one database, for three equal members: each gets 333 or 334, and
// every order is assigned once. Each process picks under the store's rotations row lock
// (`select ... for update`, assign-new-order.ts), so the members' running values move one
// transaction at a time whichever process runs it.
// Skipped on SQLite: a SQLite database has one writing process (the server's group commit,
// src/lib/db/write-transaction.ts; a second server on the file would wait for the lock, never
// interleave), and rotation.api.test.ts checks the exact order there.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliHarness, type RunningCommand } from '../../test/cli-process.js';
import { seedMember } from '../../test/dashboard-helpers.js';
import { formBody, seedFormStore, seedKaos } from '../../test/form-helpers.js';
import { backend, startTestApp, TEST_RATE_LIMIT_SCALE, TEST_SECRET_KEY } from '../../test/helpers.js';
import { saveRotation } from './rotation-settings.js';

const ORDERS = 1_000;
const IN_FLIGHT = 50;

const onPostgres = backend === 'postgres';
let t: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  if (onPostgres) t = await startTestApp();
});
afterAll(async () => {
  if (onPostgres) await t.drop();
});

it.skipIf(!onPostgres)('1,000 orders through three processes to three equal members: 333 or 334 each', async () => {
  const { tenantId } = await seedFormStore(t.ctx);
  const kaos = await seedKaos(t.ctx, tenantId);
  const members: number[] = [];
  for (const name of ['CS Satu', 'CS Dua', 'CS Tiga']) members.push((await seedMember(t.ctx, tenantId, 'cs', { name })).userId);
  const saved = await t.ctx.db.transaction().execute((tx) =>
    saveRotation(tx, tenantId, { mode: 'round_robin', sticky: true, members: members.map((user_id) => ({ user_id, weight: 1, on_duty: true })) }, t.clock.now()),
  );
  expect(saved.ok).toBe(true);

  const cli = cliHarness('lapak-rotation-');
  const servers: RunningCommand[] = [];
  try {
    const env = {
      DATABASE_URL: t.url,
      LAPAK_SECRET_KEY: TEST_SECRET_KEY,
      PUBLIC_URL: 'https://lapak.test',
      HOUSEKEEPING: 'off',
      WEBHOOK_DISPATCHER: 'off',
      RATE_LIMIT_SCALE: String(TEST_RATE_LIMIT_SCALE),
    };
    for (let i = 0; i < 3; i++) servers.push(await cli.start('unused.db', 'serve', env));

    let next = 0;
    const statuses: number[] = [];
    const worker = async () => {
      while (next < ORDERS) {
        const n = next++;
        const server = servers[n % servers.length]!;
        const token = n.toString(16).padStart(32, '0');
        const res = await fetch(`http://127.0.0.1:${server.port}/form/${tenantId}/${kaos.slug}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: formBody(token, { phone: `0813${String(20_000_000 + n)}` }),
          redirect: 'manual',
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    expect(statuses.filter((s) => s !== 303)).toEqual([]);

    const rows = await t.ctx.db
      .selectFrom('orders')
      .select(['assigned_user_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('tenant_id', '=', tenantId)
      .groupBy('assigned_user_id')
      .execute();
    const counts = new Map(rows.map((r) => [r.assigned_user_id === null ? null : Number(r.assigned_user_id), Number(r.n)]));
    expect(counts.get(null)).toBeUndefined();
    expect(members.map((m) => counts.get(m)).sort()).toEqual([333, 333, 334]);
    // One rotation entry per order.
    const entries = await t.ctx.db
      .selectFrom('order_history')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('field', '=', 'assigned_to')
      .where('actor', '=', 'rotasi')
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(ORDERS);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    cli.cleanup();
  }
}, 180_000);
