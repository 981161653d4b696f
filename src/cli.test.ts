// The operator CLI, run as operators run it: `node dist/cli.js ...` (npm test builds first).
import { afterAll, describe, expect, it } from 'vitest';
import { cliHarness } from '../test/cli-process.js';
import { openDatabase } from './lib/db/db.js';
import { DASHBOARD_FIELD_TEXT } from './lib/http/messages.js';

const cli = cliHarness('lapak-cli-');
const { env } = cli;
const lapak = (file: string, args: string[], input?: string) => cli.lapak(file, args, { input });
afterAll(() => cli.cleanup());
const runServer = (file: string, cmd: 'serve' | 'start') => cli.start(file, cmd);

describe('lapak CLI', { timeout: 60_000 }, () => {
  it('runs the store workflow with --json output', () => {
    const db = 'flow.db';
    // Every migration (other branches add theirs: the list is not closed here), and nothing to seal on a new database.
    expect(lapak(db, ['migrate', '--json']).json()).toEqual({
      applied: expect.arrayContaining(['001-initial', '002-webhooks', '003-order-form', '004-rate-limits', '005-event-count-slots', '006-webhook-attempts-by-delivery', '007-accounts', '008-integrations', '009-home-checklist', '010-unique-code-switch', '014-transfer-matching', '015-drop-unread-event-index', '016-key-changes']),
      secrets_sealed: 0,
    });
    const tenant = lapak(db, ['tenant', 'create', '--name', 'Toko CLI', '--json']).json();
    expect(tenant).toEqual({ id: expect.any(Number) });

    const issued = lapak(db, ['key', 'issue', '--tenant', String(tenant.id), '--name', 'crm', '--scopes', 'orders:read,orders.status:write', '--expires', '2030-01-01T00:00:00Z', '--json']).json();
    expect(Object.keys(issued)).toEqual(['id', 'key', 'marker', 'scopes', 'expires_at']);
    expect(issued.key).toMatch(/^lpk_[0-9a-f]{48}$/);
    expect(issued.marker).toBe(issued.key.slice(0, 12));
    expect(issued.scopes).toEqual(['orders:read', 'orders.status:write']);
    expect(issued.expires_at).toBe('2030-01-01T07:00:00+07:00');

    const listed = lapak(db, ['key', 'list', '--tenant', String(tenant.id), '--json']);
    expect(listed.json()[0]).toMatchObject({ id: issued.id, marker: issued.marker, name: 'crm', revoked: false });
    expect(listed.stdout).not.toContain(issued.key);

    const product = lapak(db, ['product', 'create', '--tenant', String(tenant.id), '--json'], JSON.stringify({
      name: 'Kaos Polos', price: 50000, variants: [{ dimension: 'Warna', options: ['Hitam', 'Putih'] }, { dimension: 'Ukuran', options: ['M', 'L'] }],
      variant_prices: [[50000, 55000], [52000, 57000]],
    })).json();
    expect(product).toMatchObject({ id: expect.any(Number), slug: 'kaos-polos' });

    const order = lapak(db, ['order', 'create', '--tenant', String(tenant.id), '--json'], JSON.stringify({
      product_id: product.id, variant: 'Putih / L', quantity: 2, shipping_fee: 9000, courier: 'JNE', payment_method: 'cod',
      customer: { name: 'Budi', phone: '0812-3456-7890', address: 'Jl. A' },
    })).json();
    expect(order).toEqual({ id: expect.any(Number), total: 57000 * 2 + 9000, status: 'pending' });

    expect(lapak(db, ['order', 'set-status', String(order.id), 'paid', '--json']).json()).toEqual({
      order_id: order.id, previous_status: 'pending', status: 'paid', changed: true,
    });
    const history = lapak(db, ['order', 'history', String(order.id), '--json']).json();
    expect(history).toEqual([
      expect.objectContaining({ source: 'cli', actor: 'cli', actor_user_id: null, field: 'created', old_value: null, new_value: 'pending' }),
      expect.objectContaining({ source: 'cli', actor: 'cli', actor_user_id: null, field: 'status', old_value: 'pending', new_value: 'paid' }),
    ]);

    expect(lapak(db, ['key', 'revoke', String(issued.id), '--json']).json()).toEqual({ id: issued.id, revoked: true });
    expect(lapak(db, ['tenant', 'deactivate', String(tenant.id), '--json']).json()).toEqual({ id: tenant.id, active: false });
    expect(lapak(db, ['tenant', 'activate', String(tenant.id), '--json']).json()).toEqual({ id: tenant.id, active: true });
  });

  it('fails with a non-zero exit and one line on stderr', () => {
    const db = 'errors.db';
    const cases: Array<[string[], string?]> = [
      [['tenant', 'deactivate', '999', '--json']],
      [['key', 'revoke', 'abc']],
      [['key', 'issue', '--tenant', '999', '--name', 'x', '--json']],
      [['key', 'issue', '--tenant', '1', '--name', 'x', '--scopes', 'products:*']],
      [['product', 'create', '--tenant', '1'], 'not json'],
      [['order', 'set-status', '12345', 'closing']],
    ];
    lapak(db, ['tenant', 'create', '--name', 'T']);
    for (const [args, input] of cases) {
      const r = lapak(db, args, input ?? '');
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stdout).toBe('');
    }
    const first = lapak(db, ['key', 'issue', '--tenant', '1', '--name', 'dup']);
    expect(first.code).toBe(0);
    const second = lapak(db, ['key', 'issue', '--tenant', '1', '--name', 'dup']);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('already exists');
  });

  it('refuses a phone written with a letter, saying why in Indonesian (issue 40 §1), and saves nothing', () => {
    const db = 'phone-letters.db';
    const tenant = lapak(db, ['tenant', 'create', '--name', 'Toko HP', '--json']).json();
    const product = lapak(db, ['product', 'create', '--tenant', String(tenant.id), '--json'], JSON.stringify({ name: 'Topi', price: 30000 })).json();
    const order = (phone: string) =>
      lapak(db, ['order', 'create', '--tenant', String(tenant.id), '--json'], JSON.stringify({ product_id: product.id, customer: { name: 'Budi', phone, address: 'Jl. A' } }));
    const refused = order('0812 3456 789O');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`customer.phone: ${DASHBOARD_FIELD_TEXT.phoneLetters}`);
    const settings = lapak(db, ['store', 'settings', '--tenant', String(tenant.id), '--json'], JSON.stringify({ whatsapp_number: 'O812-3456-7890' }));
    expect(settings.code).toBe(1);
    expect(settings.stderr).toContain(`whatsapp_number: ${DASHBOARD_FIELD_TEXT.phoneLetters}`);
    // The same number in digits, with its separators, is taken.
    expect(order('(0812) 3456-7890').json()).toMatchObject({ id: 1 });
  });

  it('demo creates a store with orders in every state and one key per purpose', () => {
    const demo = lapak('demo.db', ['demo', '--json']).json();
    expect(demo.orders.map((o: { status: string }) => o.status).sort()).toEqual(
      ['cancelled', 'closing', 'completed', 'invalid_no_hp', 'paid', 'pending', 'shipped'],
    );
    expect(demo.keys.map((k: { scopes: string[] }) => k.scopes)).toEqual([
      ['customers:read'],
      ['orders:read', 'orders.status:write'],
      ['orders:read', 'orders.status:write', 'customers:read'],
      ['products:read', 'products:write'],
    ]);
  });

  it('serve never creates data; start creates the demo store on a new database only', async () => {
    const served = await runServer('serve.db', 'serve');
    expect(await served.stop()).toBe(0);
    const handle = openDatabase(env('serve.db').DATABASE_URL!);
    expect(await handle.db.selectFrom('tenants').selectAll().execute()).toHaveLength(0);
    await handle.close();

    const first = await runServer('start.db', 'start');
    expect(first.stdout()).toMatch(/lpk_[0-9a-f]{48}/);
    // The demo store's owner: the dashboard address and a link that sets the password, never a password.
    expect(first.stdout()).toMatch(/Dashboard: http:\/\/\S+\/dashboard\//);
    const link = first.stdout().match(/(http\S+\/dashboard\/reset-password\?token=[A-Za-z0-9_-]{43})/)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    const set = await fetch(`http://127.0.0.1:${first.port}/dashboard/api/password-reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, password: 'sandi-pemilik-demo' }) });
    expect(set.status).toBe(204);
    const login = await fetch(`http://127.0.0.1:${first.port}/dashboard/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'pemilik@toko-demo.test', password: 'sandi-pemilik-demo' }) });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { role: string }).role).toBe('owner');
    const demoKey = first.stdout().match(/Order status\s+(lpk_[0-9a-f]{48})/)![1]!;
    const res = await fetch(`http://127.0.0.1:${first.port}/api/order_status.php?id=1`, { headers: { 'X-API-Key': demoKey } });
    expect(res.status).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await runServer('start.db', 'start');
    expect(second.stdout()).not.toMatch(/lpk_[0-9a-f]{48}/);
    expect(second.stdout()).not.toContain('reset-password');
    await second.stop();
  });

  it('user create and user reset-password print single-use links (--json: user_id, link, expires_at)', () => {
    const db = 'users.db';
    const tenant = lapak(db, ['tenant', 'create', '--name', 'Toko Pengguna', '--json']).json();
    const created = lapak(db, ['user', 'create', '--email', ' Admin@Example.test ', '--name', 'Admin', '--tenant', String(tenant.id), '--role', 'admin', '--integrations', '--json']).json();
    expect(Object.keys(created)).toEqual(['user_id', 'link', 'expires_at']);
    expect(created.link).toMatch(/^http:\/\/localhost:\d+\/dashboard\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    const taken = cli.lapak(db, ['user', 'create', '--email', 'admin@example.test', '--name', 'X', '--tenant', String(tenant.id), '--role', 'cs']);
    expect(taken.stderr).toContain('a user with this email exists');
    const badRole = cli.lapak(db, ['user', 'create', '--email', 'b@example.test', '--name', 'X', '--tenant', String(tenant.id), '--role', 'boss']);
    expect(badRole.stderr).toBe('lapak: role must be owner, admin or cs, got "boss"\n');
    const reset = lapak(db, ['user', 'reset-password', '--email', 'ADMIN@example.test', '--json']).json();
    expect(reset).toMatchObject({ user_id: created.user_id, link: expect.stringMatching(/reset-password\?token=/) });
    expect(reset.link).not.toBe(created.link);
    const unknown = cli.lapak(db, ['user', 'reset-password', '--email', 'nobody@example.test']);
    expect(unknown.stderr).toBe('lapak: no user with email "nobody@example.test"\n');
  });
});
