// `lapak messaging run-due` as operators run it (issue 41 §2): its JSON, the refusal of an --at
// later than now without --force, a bad --at, and a due follow-up sent as of --at.
import { afterAll, expect, it } from 'vitest';
import { cliHarness } from '../../test/cli-process.js';
import { openDatabase } from '../lib/db/db.js';
import { saveAutomation } from '../messaging/save-automation.js';

const cli = cliHarness('lapak-messaging-cli-');
afterAll(() => cli.cleanup());

it('run-due: --json counts what it did; a later --at needs --force; a bad --at is refused; exit 1 on a refusal', { timeout: 60_000 }, async () => {
  const db = 'messaging.db';
  const empty = cli.lapak(db, ['messaging', 'run-due', '--json']);
  expect(empty.code, empty.stderr).toBe(0);
  expect(empty.json()).toEqual({ at: expect.any(String), planned: 0, sent: 0, skipped: 0, cancelled: 0, expired: 0, failed: 0, waiting: 0 });

  const tenant = cli.lapak(db, ['tenant', 'create', '--name', 'Toko Pesan', '--json']).json();
  const handle = openDatabase(cli.env(db).DATABASE_URL!);
  try {
    const saved = await handle.writeTransaction((tx) => saveAutomation(tx, tenant.id, { provider: 'sandbox', quiet_hours: null, steps: { fu1: { on: true } } }, Date.now(), 'Asia/Jakarta'));
    expect(saved.ok).toBe(true);
  } finally {
    await handle.close();
  }
  const product = cli.lapak(db, ['product', 'create', '--tenant', String(tenant.id), '--json'], { input: JSON.stringify({ name: 'Kaos', price: 50000 }) }).json();
  const order = cli.lapak(db, ['order', 'create', '--tenant', String(tenant.id), '--json'], {
    input: JSON.stringify({ product_id: product.id, quantity: 1, shipping_fee: 0, courier: 'JNE', payment_method: 'bank_transfer', customer: { name: 'Budi', phone: '0812-3456-7890', address: 'Jl. A' } }),
  });
  expect(order.code, order.stderr).toBe(0);

  const planned = cli.lapak(db, ['messaging', 'run-due', '--tenant', String(tenant.id), '--json']).json();
  expect(planned).toMatchObject({ planned: 1, sent: 0 });

  const later = new Date(Date.now() + 61 * 60_000).toISOString();
  const refused = cli.lapak(db, ['messaging', 'run-due', '--at', later]);
  expect([refused.code, refused.stderr]).toEqual([1, 'lapak: --at is later than now: messages due by then would be sent early; add --force to do so\n']);
  const bad = cli.lapak(db, ['messaging', 'run-due', '--at', 'besok']);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain('--at must be an ISO 8601 time');

  const forced = cli.lapak(db, ['messaging', 'run-due', '--at', later, '--force', '--json']);
  expect(forced.code, forced.stderr).toBe(0);
  expect(forced.json()).toMatchObject({ at: later, planned: 0, sent: 1, waiting: 0 });
  const human = cli.lapak(db, ['messaging', 'run-due', '--at', later, '--force']);
  expect(human.stdout).toBe(`as of ${later}: 0 planned, 0 sent, 0 skipped, 0 cancelled, 0 expired, 0 failed, 0 waiting\n`);
});
