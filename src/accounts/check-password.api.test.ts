// The one password check over HTTP (SQLite and PostgreSQL), on each of its three routes: login,
// the password entered again for sensitive settings, and the change of one's own password. Ten
// wrong guesses get each route's own answer; the eleventh attempt, even with the right password,
// is 429 with an integer Retry-After and runs no argon2 (the password work is counted instead of
// run); the three routes count in the same windows; a right password costs no guess; and
// concurrent guesses cannot get past the ten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { createPasswordHasher } from './passwords.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;
let verifies = 0;
let tenantId = 0;

beforeAll(async () => {
  const work = {
    hash: async (password: string) => `plain$${password}`,
    verify: async (stored: string, password: string) => {
      verifies += 1;
      return stored === `plain$${password}`;
    },
  };
  t = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' }, passwordHasher: createPasswordHasher({ work }) });
  tenantId = (await seedStore(t.ctx, {})).tenantId;
});
afterAll(async () => t.drop());

const RIGHT = 'sandi-yang-benar';
let serial = 0;

/** An owner with a password of their own, and a client address nobody else uses. */
async function owner(): Promise<{ member: Member; email: string; ip: string }> {
  serial += 1;
  const email = `pemilik${serial}@example.test`;
  const member = await seedMember(t.ctx, tenantId, 'owner', { email });
  await t.ctx.db.updateTable('users').set({ password_hash: `plain$${RIGHT}` }).where('id', '=', member.userId).execute();
  return { member, email, ip: `10.30.${serial}.1` };
}

const JSON_WRITE = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };

interface PasswordRoute {
  name: string;
  send(who: { member: Member; email: string; ip: string }, password: string): Promise<LightMyRequestResponse>;
  /** What a wrong password gets, as this route always answered it. */
  wrong(res: LightMyRequestResponse): void;
}

const ROUTES: PasswordRoute[] = [
  {
    name: 'POST /dashboard/api/login',
    send: ({ email, ip }, password) => t.request({ method: 'POST', url: '/dashboard/api/login', headers: JSON_WRITE, remoteAddress: ip, payload: JSON.stringify({ email, password }) }),
    wrong: (res) => {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalid_credentials' });
    },
  },
  {
    name: 'PATCH /dashboard/api/settings/sensitive',
    send: ({ member, ip }, password) =>
      t.request({ method: 'PATCH', url: '/dashboard/api/settings/sensitive', headers: { ...asMember(member), 'content-type': 'application/json' }, remoteAddress: ip, payload: JSON.stringify({ unique_code: true, password }) }),
    wrong: (res) => {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'wrong_password' });
    },
  },
  {
    name: 'POST /dashboard/api/me/password',
    send: ({ member, ip }, password) =>
      t.request({ method: 'POST', url: '/dashboard/api/me/password', headers: { ...asMember(member), 'content-type': 'application/json' }, remoteAddress: ip, payload: JSON.stringify({ current_password: password, new_password: 'sandi-baru-yang-panjang' }) }),
    wrong: (res) => {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'invalid_request', fields: { current_password: 'Kata sandi saat ini salah.' } });
    },
  },
];

const passwordHashOf = async (userId: number) => (await t.ctx.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).password_hash;

describe.each(ROUTES)('$name', (route) => {
  it('answers ten wrong passwords as usual, then refuses the eleventh attempt, the right password too, with 429 and no argon2 work', async () => {
    const who = await owner();
    for (let i = 0; i < 10; i += 1) route.wrong(await route.send(who, `salah-ke-${i}-xxxx`));
    const before = verifies;
    const eleventh = await route.send(who, RIGHT);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
    expect(eleventh.json()).toMatchObject({ code: 'too_many_requests' });
    expect(eleventh.headers['set-cookie']).toBeUndefined();
    expect(verifies).toBe(before);
    expect(await passwordHashOf(who.member.userId)).toBe(`plain$${RIGHT}`);
    // The window is the email's and this address's: from another address the password works.
    expect((await route.send({ ...who, ip: `${who.ip.slice(0, -1)}2` }, RIGHT)).statusCode).toBeLessThan(300);
  });

  it('charges no guess for the right password: nine wrong, a right one, and the tenth wrong is still answered as wrong', async () => {
    const who = await owner();
    for (let i = 0; i < 9; i += 1) route.wrong(await route.send(who, `salah-ke-${i}-xxxx`));
    const right = await route.send(who, RIGHT);
    expect(right.statusCode).toBeLessThan(300);
    // A changed password ends the session and sets a new cookie: go on with it.
    const cookie = right.headers['set-cookie'];
    if (cookie !== undefined) who.member = { ...who.member, cookie: String(Array.isArray(cookie) ? cookie[0] : cookie).split(';')[0]! };
    route.wrong(await route.send(who, 'salah-ke-10-xxxx'));
    expect((await route.send(who, 'salah-ke-11-xxxx')).statusCode).toBe(429);
  });
});

it('the three routes count in the same windows: guesses spread over them are refused together', async () => {
  const who = await owner();
  const [login, sensitive, change] = ROUTES as [PasswordRoute, PasswordRoute, PasswordRoute];
  for (let i = 0; i < 4; i += 1) login.wrong(await login.send(who, `salah-a-${i}-xxxx`));
  for (let i = 0; i < 3; i += 1) sensitive.wrong(await sensitive.send(who, `salah-b-${i}-xxxx`));
  for (let i = 0; i < 3; i += 1) change.wrong(await change.send(who, `salah-c-${i}-xxxx`));
  const before = verifies;
  for (const route of ROUTES) expect((await route.send(who, RIGHT)).statusCode, route.name).toBe(429);
  expect(verifies).toBe(before);
});

it('evaluates at most ten of twenty concurrent wrong guesses', async () => {
  const who = await owner();
  const login = ROUTES[0]!;
  const before = verifies;
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login.send(who, `serentak-${i}-xxxx`)));
  expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(10);
  expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(10);
  expect(verifies - before).toBe(10);
});
