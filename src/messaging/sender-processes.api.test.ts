// The sender in real processes (issue 41, "How it is judged"), both backends:
// - `lapak work --only sender` killed with SIGKILL in the middle of sending 500 due messages, then
//   started again: every message is sent, and none twice but those the provider had accepted
//   before the kill and whose send the dead process had not yet recorded (at most its 4 in flight;
//   the at-least-once edge of docs/messaging.md): for each of those the sandbox's outbox holds two
//   acceptances and the message keeps the second one's id;
// - two `lapak work --only sender` processes sending the same 1,000 due messages never send one
//   twice.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliHarness } from '../../test/cli-process.js';
import { seedOrder, seedProduct, seedStore, startTestApp, TEST_SECRET_KEY } from '../../test/helpers.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import { saveAutomation } from './save-automation.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.drop());

const COLUMNS = sql.raw(
  'tenant_id, product_id, product_name, variant, quantity, unit_price, total, shipping_fee, courier, payment_method, status, customer_name, customer_phone, customer_address, customer_village, customer_district, customer_city, customer_province, customer_postal_code, ad_params, created_at, updated_at',
);

/** A store with the sandbox and fu1 on, and `count` pending orders (each its own phone) whose fu1 is due a minute ago. */
async function storeWithDueMessages(count: number): Promise<number> {
  const { tenantId } = await seedStore(t.ctx, {});
  const product = (await seedProduct(t.ctx, tenantId, { name: 'Kaos', price: 50_000 })).id;
  await seedOrder(t.ctx, tenantId, { product_id: product });
  while (Number((await t.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).n) < count) {
    await sql`insert into orders (${COLUMNS}) select ${COLUMNS} from orders where tenant_id = ${tenantId}`.execute(t.ctx.db);
  }
  const keep = t.ctx.db.selectFrom('orders').select('id').where('tenant_id', '=', tenantId).orderBy('id').limit(fixedLimit(count));
  await t.ctx.db.deleteFrom('orders').where('tenant_id', '=', tenantId).where('id', 'not in', keep).execute();
  await sql`update orders set customer_phone = '0812' || (10000000 + id) where tenant_id = ${tenantId}`.execute(t.ctx.db);
  const saved = await t.ctx.writeTransaction((tx) => saveAutomation(tx, tenantId, { provider: 'sandbox', quiet_hours: null, steps: { fu1: { on: true } } }, Date.now(), 'Asia/Jakarta'));
  expect(saved.ok).toBe(true);
  // The messages as the planner leaves them, due a minute ago (the planner itself is not run).
  const due = Date.now() - 60_000;
  await t.ctx.db.deleteFrom('messages').where('tenant_id', '=', tenantId).execute();
  await sql`insert into messages (tenant_id, order_id, step, state, due_at, next_at, created_at, updated_at)
    select tenant_id, id, 'fu1', 'planned', ${due}, ${due}, ${due}, ${due} from orders where tenant_id = ${tenantId}`.execute(t.ctx.db);
  return tenantId;
}

const count = async (table: 'sandbox_outbox' | 'messages', tenantId: number, state?: string) => {
  let query = t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId);
  if (state && table === 'messages') query = query.where('state', '=', state);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

/** Per message: its acceptances in the outbox (oldest first) and the id it keeps. */
async function acceptances(tenantId: number) {
  const outbox = await t.ctx.db.selectFrom('sandbox_outbox').select(['message_id', 'provider_message_id']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  const byMessage = new Map<number, string[]>();
  for (const row of outbox) {
    const ids = byMessage.get(Number(row.message_id)) ?? [];
    ids.push(row.provider_message_id);
    byMessage.set(Number(row.message_id), ids);
  }
  const messages = await t.ctx.db.selectFrom('messages').select(['id', 'state', 'provider_message_id']).where('tenant_id', '=', tenantId).execute();
  return { byMessage, messages };
}

const systemPresses = async (tenantId: number) =>
  Number(
    (await t.ctx.db.selectFrom('order_history').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).where('field', '=', 'follow_up').where('source', '=', 'system').executeTakeFirstOrThrow()).n,
  );

it('kill -9 in the middle of sending 500 due messages, then a restart: every one sent, none twice but the at-least-once edge', { timeout: 180_000 }, async () => {
  const tenantId = await storeWithDueMessages(500);
  const cli = cliHarness('lapak-sender-kill-');
  try {
    const env = { DATABASE_URL: t.url, LAPAK_SECRET_KEY: TEST_SECRET_KEY };
    const first = await cli.start('unused.db', 'work', env, ['--only', 'sender']);
    await expect.poll(() => count('sandbox_outbox', tenantId), { timeout: 60_000, interval: 5 }).toBeGreaterThan(100);
    process.kill(first.pid, 'SIGKILL');
    expect(await first.exited).toBeNull();
    expect(await count('messages', tenantId, 'sent')).toBeLessThan(500);
    // The restart takes the dead process's claims once their lease has lapsed (send-messages.ts, LEASE_MS).
    const second = await cli.start('unused.db', 'work', env, ['--only', 'sender']);
    await expect.poll(() => count('messages', tenantId, 'sent'), { timeout: 90_000, interval: 200 }).toBe(500);
    expect(await second.stop()).toBe(0);
  } finally {
    cli.cleanup();
  }
  const { byMessage, messages } = await acceptances(tenantId);
  expect(messages).toHaveLength(500);
  const twice = messages.filter((m) => byMessage.get(Number(m.id))!.length > 1);
  for (const m of messages) {
    const ids = byMessage.get(Number(m.id));
    expect(ids, `message ${m.id}`).toBeDefined();
    expect(ids!.length).toBeLessThanOrEqual(2);
    // The message keeps the id of the acceptance it recorded: the last one.
    expect(m.provider_message_id).toBe(ids![ids!.length - 1]);
  }
  expect(twice.length).toBeLessThanOrEqual(4);
  // Each sent once as the order's follow-up: one system entry per order.
  expect(await systemPresses(tenantId)).toBe(500);
});

it('two processes sending the same 1,000 due messages never send one twice', { timeout: 180_000 }, async () => {
  const tenantId = await storeWithDueMessages(1000);
  const cli = cliHarness('lapak-sender-two-');
  try {
    const env = { DATABASE_URL: t.url, LAPAK_SECRET_KEY: TEST_SECRET_KEY };
    const [a, b] = await Promise.all([cli.start('unused.db', 'work', env, ['--only', 'sender']), cli.start('unused.db', 'work', env, ['--only', 'sender'])]);
    await expect.poll(() => count('messages', tenantId, 'sent'), { timeout: 120_000, interval: 200 }).toBe(1000);
    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
  } finally {
    cli.cleanup();
  }
  const { byMessage, messages } = await acceptances(tenantId);
  expect(await count('sandbox_outbox', tenantId)).toBe(1000);
  expect(messages.every((m) => byMessage.get(Number(m.id))?.length === 1 && m.provider_message_id === byMessage.get(Number(m.id))![0])).toBe(true);
  expect(await systemPresses(tenantId)).toBe(1000);
});
