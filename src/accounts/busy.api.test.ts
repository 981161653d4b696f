// The password line over HTTP (SQLite and PostgreSQL): with 2 password jobs running, a third
// request that waits longer than the line's wait gets 503 busy with an integer Retry-After,
// and has changed nothing. The wait is injected (50 ms, not the 2 s of production: the unit
// test in passwords.test.ts pins that) and the two running jobs are held until released, so
// the test neither sleeps nor races.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { asMember, seedMember } from '../../test/dashboard-helpers.js';
import { createInvitation } from '../team/invitations.js';
import { issueResetToken } from '../team/members.js';
import { createPasswordHasher, type PasswordWork } from './passwords.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;

/** Password work that runs only when released; `held` counts the jobs holding a slot. */
let held = 0;
let release: () => void = () => {};
let gate: Promise<void> = Promise.resolve();
const work: PasswordWork = {
  hash: async (password) => {
    held += 1;
    await gate;
    held -= 1;
    return `held$${password}`;
  },
  verify: async (stored, password) => {
    held += 1;
    await gate;
    held -= 1;
    return stored === `held$${password}`;
  },
};

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' }, passwordHasher: createPasswordHasher({ concurrency: 2, waitMs: 50, work }) });
});
afterAll(async () => t.drop());
beforeEach(() => {
  gate = new Promise((resolve) => (release = resolve));
});

const JSON_WRITE = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
const post = (url: string, body: unknown, headers: Record<string, string> = {}, remoteAddress = '10.9.0.1') =>
  t.request({ method: 'POST', url, headers: { ...JSON_WRITE, ...headers }, payload: JSON.stringify(body), remoteAddress });

let serial = 0;
/** Two sign-ups whose password jobs hold both slots until release(). */
async function fillTheLine() {
  const running = [0, 1].map(() => {
    serial += 1;
    return post('/dashboard/api/signup', { store_name: `Toko ${serial}`, name: 'Pengisi', email: `pengisi${serial}@example.test`, password: 'rahasia-sekali' }, {}, `10.9.1.${serial}`);
  });
  while (held < 2) await new Promise((resolve) => setTimeout(resolve, 1));
  return running;
}

async function snapshot() {
  return {
    users: await t.ctx.db.selectFrom('users').select(['id', 'email', 'password_hash']).orderBy('id').execute(),
    tenants: await t.ctx.db.selectFrom('tenants').select('id').orderBy('id').execute(),
    memberships: await t.ctx.db.selectFrom('memberships').selectAll().orderBy('tenant_id').orderBy('user_id').execute(),
    sessions: await t.ctx.db.selectFrom('sessions').select('id').orderBy('id').execute(),
    invitations: await t.ctx.db.selectFrom('invitations').select(['id', 'accepted_at']).orderBy('id').execute(),
    resets: await t.ctx.db.selectFrom('password_resets').select(['id', 'used_at']).orderBy('id').execute(),
  };
}

/** The refused answer: 503 busy, an integer Retry-After, no cookie. */
function expectBusy(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('2');
  expect(res.json()).toEqual({ error: 'Server sedang sibuk. Coba lagi sebentar lagi.', code: 'busy', request_id: expect.stringMatching(/^[0-9a-f]{8}$/) });
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('a third password job waiting past the line\'s wait: 503 busy, nothing changed', () => {
  it('sign-up: no user, store, membership or session, and none of the sign-up quota spent', async () => {
    const running = await fillTheLine();
    const before = await snapshot();
    const address = '10.9.2.1';
    const refused = await post('/dashboard/api/signup', { store_name: 'Toko Sibuk', name: 'Sibuk', email: 'sibuk@example.test', password: 'rahasia-sekali' }, {}, address);
    expectBusy(refused);
    expect(await snapshot()).toEqual(before);
    release();
    for (const res of await Promise.all(running)) expect(res.statusCode).toBe(201);
    // The refused attempt counted nothing: this address still has its 5 sign-ups.
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/dashboard/api/signup', { store_name: `T${i}`, name: 'N', email: `kuota${i}@example.test`, password: 'rahasia-sekali' }, {}, address)).statusCode).toBe(201);
    }
    expect((await post('/dashboard/api/signup', { store_name: 'T6', name: 'N', email: 'kuota6@example.test', password: 'rahasia-sekali' }, {}, address)).statusCode).toBe(429);
  });

  it('login: no session, and no failure counted against the email or the address', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    await seedMember(t.ctx, tenantId, 'owner', { email: 'dewi@example.test' });
    await t.ctx.db.updateTable('users').set({ password_hash: 'held$sandi-dewi-benar' }).where('email', '=', 'dewi@example.test').execute();
    const running = await fillTheLine();
    const before = await snapshot();
    expectBusy(await post('/dashboard/api/login', { email: 'dewi@example.test', password: 'salah-sekali-1' }, {}, '10.9.3.1'));
    expect(await snapshot()).toEqual(before);
    release();
    await Promise.all(running);
    const perEmail = await t.ctx.limiters.loginFailuresPerEmailAndIp.consume('dewi@example.test|10.9.3.1', 0);
    const perIp = await t.ctx.limiters.loginFailuresPerIp.consume('10.9.3.1', 0);
    expect(perEmail).toMatchObject({ ok: true, remaining: 10 });
    expect(perIp).toMatchObject({ ok: true, remaining: 50 });
    expect((await post('/dashboard/api/login', { email: 'dewi@example.test', password: 'sandi-dewi-benar' }, {}, '10.9.3.1')).statusCode).toBe(200);
  });

  it('accepting an invitation and using a reset link: both links stay unused and work afterwards', async () => {
    const { tenantId } = await seedStore(t.ctx, {});
    const owner = await seedMember(t.ctx, tenantId, 'owner');
    const created = await createInvitation(t.ctx.db, t.clock, tenantId, owner.userId, { role: 'cs', integrations: false });
    if (!created.ok) throw new Error(created.message);
    const invitation = created.value;
    const reset = await issueResetToken(t.ctx.db, t.clock, owner.userId);
    const running = await fillTheLine();
    const before = await snapshot();
    expectBusy(await post('/dashboard/api/invitations/accept', { token: invitation.token, name: 'Eko', email: 'eko@example.test', password: 'rahasia-eko-12' }));
    expectBusy(await post('/dashboard/api/password-reset', { token: reset.token, password: 'sandi-baru-panjang' }));
    expectBusy(await post('/dashboard/api/me/password', { current_password: 'x', new_password: 'sandi-baru-panjang' }, asMember(owner) as Record<string, string>));
    expect(await snapshot()).toEqual(before);
    release();
    await Promise.all(running);
    expect((await post('/dashboard/api/invitations/accept', { token: invitation.token, name: 'Eko', email: 'eko@example.test', password: 'rahasia-eko-12' })).statusCode).toBe(200);
    expect((await post('/dashboard/api/password-reset', { token: reset.token, password: 'sandi-baru-panjang' })).statusCode).toBe(204);
  });
});
