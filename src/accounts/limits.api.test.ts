// The dashboard's brute-force windows over HTTP (SQLite and PostgreSQL), with the password work
// counted instead of run (argon2 itself is tested in passwords.test.ts): 50 failed logins per IP
// over any emails, then 429; a login over a window is refused before any password work; store
// creation shares sign-up's 5 per IP per hour.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { asMember, seedMember } from '../../test/dashboard-helpers.js';
import { createPasswordHasher } from './passwords.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;
let verifies = 0;

beforeAll(async () => {
  const work = {
    hash: async (password: string) => `plain$${password}`,
    verify: async (stored: string, password: string) => {
      verifies += 1;
      return stored === `plain$${password}`;
    },
  };
  t = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' }, passwordHasher: createPasswordHasher({ work }) });
});
afterAll(async () => t.drop());

const JSON_WRITE = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
const logIn = (email: string, password: string, remoteAddress: string) =>
  t.request({ method: 'POST', url: '/dashboard/api/login', headers: JSON_WRITE, payload: JSON.stringify({ email, password }), remoteAddress });

it('answers the 51st failed login from one IP with 429 (900 s), whatever the emails, and then refuses before any password work', async () => {
  const { tenantId } = await seedStore(t.ctx, {});
  await seedMember(t.ctx, tenantId, 'owner', { email: 'rina@example.test' });
  await t.ctx.db.updateTable('users').set({ password_hash: 'plain$sandi-rina-benar' }).where('email', '=', 'rina@example.test').execute();
  const address = '10.20.0.1';
  // 5 emails x 10 failures: no email reaches its own window of 10 before the IP's 50 is spent.
  for (let i = 0; i < 50; i += 1) {
    const res = await logIn(`orang${i % 5}@example.test`, `salah-${i}-xxxxx`, address);
    expect(res.statusCode, `failure ${i + 1}`).toBe(401);
  }
  const over = await logIn('orang9@example.test', 'salah-51-xxxxx', address);
  expect(over.statusCode).toBe(429);
  expect(over.headers['retry-after']).toBe('900');
  expect(over.json()).toMatchObject({ code: 'too_many_requests', error: 'Terlalu banyak percobaan. Coba lagi nanti.' });
  const before = verifies;
  const right = await logIn('rina@example.test', 'sandi-rina-benar', address);
  expect(right.statusCode).toBe(429);
  expect(right.headers['set-cookie']).toBeUndefined();
  expect(verifies).toBe(before);
  // Another address is not held by this one's window.
  expect((await logIn('rina@example.test', 'sandi-rina-benar', '10.20.0.2')).statusCode).toBe(200);
});

it('counts store creation in the sign-up window: 5 per IP per hour in all', async () => {
  const address = '10.20.1.1';
  for (let i = 0; i < 3; i += 1) {
    const res = await t.request({ method: 'POST', url: '/dashboard/api/signup', headers: JSON_WRITE, remoteAddress: address, payload: JSON.stringify({ store_name: `Toko ${i}`, name: 'Sari', email: `sari${i}@example.test`, password: 'rahasia-sekali' }) });
    expect(res.statusCode).toBe(201);
  }
  const owner = await seedMember(t.ctx, (await seedStore(t.ctx, {})).tenantId, 'owner');
  const create = () => t.request({ method: 'POST', url: '/dashboard/api/stores', headers: { ...asMember(owner), 'content-type': 'application/json' }, remoteAddress: address, payload: JSON.stringify({ name: 'Toko Uji' }) });
  expect((await create()).statusCode).toBe(201);
  expect((await create()).statusCode).toBe(201);
  const tenants = await t.ctx.db.selectFrom('tenants').select('id').execute();
  const sixth = await create();
  expect(sixth.statusCode).toBe(429);
  expect(sixth.headers['retry-after']).toBe('3600');
  expect(await t.ctx.db.selectFrom('tenants').select('id').execute()).toHaveLength(tenants.length);
});
