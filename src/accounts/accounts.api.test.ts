// Sign-up, login, logout, stores and passwords over the real app (SQLite and PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/helpers.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
});
afterAll(async () => t.drop());

let ip = 0;
/** Each test its own client address, so the per-IP windows of one test do not touch another. */
const nextIp = () => `10.0.${Math.floor(++ip / 250)}.${ip % 250}`;

const JSON_WRITE = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
const cookieOf = (setCookie: string | string[] | undefined): string => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

async function signUp(body: Record<string, unknown>, remoteAddress = nextIp()) {
  return t.request({ method: 'POST', url: '/dashboard/api/signup', headers: JSON_WRITE, payload: JSON.stringify(body), remoteAddress });
}
async function logIn(email: string, password: string, remoteAddress: string) {
  return t.request({ method: 'POST', url: '/dashboard/api/login', headers: JSON_WRITE, payload: JSON.stringify({ email, password }), remoteAddress });
}

describe('sign-up', () => {
  it('creates a store and its owner, logs in with a HttpOnly SameSite=Lax __Host- cookie, and the email is trimmed and lower-cased', async () => {
    const res = await signUp({ store_name: 'Toko <b>Ani</b>', name: 'Ani', email: '  Ani@Example.TEST ', password: 'rahasia-sekali' });
    expect(res.statusCode).toBe(201);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-lapak_session=[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{27}; /);
    for (const attribute of ['HttpOnly', 'SameSite=Lax', 'Path=/', 'Secure']) expect(setCookie).toContain(attribute);
    expect(res.json()).toMatchObject({ user: { name: 'Ani', email: 'ani@example.test' }, store: { name: 'Toko <b>Ani</b>' }, role: 'owner' });
    const me = await t.request({ method: 'GET', url: '/dashboard/api/me', headers: { cookie: cookieOf(res.headers['set-cookie']) } });
    expect(me.json().user.email).toBe('ani@example.test');
    const stored = await t.ctx.db.selectFrom('users').select('password_hash').where('email', '=', 'ani@example.test').executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const session = await t.ctx.db.selectFrom('sessions').select(['id', 'secret_hash']).execute();
    const token = cookieOf(res.headers['set-cookie']).split('=')[1]!;
    expect(session.map((s) => s.secret_hash)).not.toContain(token.split('.')[1]);
  });

  it('refuses a taken email (any case) with 409 email_taken and creates nothing', async () => {
    await signUp({ store_name: 'Satu', name: 'Budi', email: 'budi@example.test', password: 'rahasia-sekali' });
    const tenants = await t.ctx.db.selectFrom('tenants').select('id').execute();
    const res = await signUp({ store_name: 'Dua', name: 'Budi 2', email: 'BUDI@example.test', password: 'rahasia-lain-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_taken' });
    expect(await t.ctx.db.selectFrom('tenants').select('id').execute()).toHaveLength(tenants.length);
  });

  it('answers bad input with 422 invalid_request and fields', async () => {
    const short = await signUp({ store_name: 'X', name: 'Y', email: 'c@example.test', password: 'pendek' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 'invalid_request', fields: { password: 'Kata sandi minimal 10 karakter.' } });
    const same = await signUp({ store_name: 'X', name: 'Y', email: 'panjang@example.test', password: 'Panjang@example.test' });
    expect(same.json().fields).toEqual({ password: 'Kata sandi tidak boleh sama dengan email.' });
    const missing = await signUp({ name: 'Y', email: 'not-an-email', password: 'rahasia-sekali', extra: 1 });
    expect(missing.json().fields).toEqual({ store_name: 'Wajib diisi.', extra: 'Isian tidak dikenal.' });
    const badEmail = await signUp({ store_name: 'X', name: 'Y', email: 'not-an-email', password: 'rahasia-sekali' });
    expect(badEmail.json().fields).toEqual({ email: 'Alamat email tidak valid.' });
    const notJson = await t.request({ method: 'POST', url: '/dashboard/api/signup', headers: JSON_WRITE, payload: '{nope' });
    expect(notJson.json()).toMatchObject({ code: 'invalid_request', fields: { body: 'Body harus berupa objek JSON.' } });
  });

  it('allows 5 sign-ups per IP per hour, then 429 with an integer Retry-After', async () => {
    const address = nextIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await signUp({ store_name: `S${i}`, name: 'N', email: `limit${i}@example.test`, password: 'rahasia-sekali' }, address)).statusCode).toBe(201);
    }
    const sixth = await signUp({ store_name: 'S6', name: 'N', email: 'limit6@example.test', password: 'rahasia-sekali' }, address);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
    expect(sixth.json()).toMatchObject({ code: 'too_many_requests' });
  });
});

describe('login', () => {
  const email = 'citra@example.test';
  const password = 'kata-sandi-citra';
  beforeAll(async () => {
    expect((await signUp({ store_name: 'Toko Citra', name: 'Citra', email, password })).statusCode).toBe(201);
  });

  it('logs in with a new token every time (no fixation), and logout ends only that session', async () => {
    const address = nextIp();
    const first = await logIn(email, password, address);
    const second = await logIn(' CITRA@example.test ', password, address);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const a = cookieOf(first.headers['set-cookie']);
    const b = cookieOf(second.headers['set-cookie']);
    expect(a).not.toBe(b);
    const out = await t.request({ method: 'POST', url: '/dashboard/api/logout', headers: { cookie: a, 'sec-fetch-site': 'same-origin' } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await t.request({ method: 'GET', url: '/dashboard/api/me', headers: { cookie: a } })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/dashboard/api/me', headers: { cookie: b } })).statusCode).toBe(200);
  });

  it('answers an unknown email and a wrong password with identical bodies (but the request id)', async () => {
    const address = nextIp();
    const unknown = await logIn('nobody@example.test', password, address);
    const wrong = await logIn(email, 'salah-salah-salah', address);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    const strip = (body: string) => body.replace(/"request_id":"[0-9a-f]{8}"/, '');
    expect(strip(unknown.body)).toBe(strip(wrong.body));
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials', error: 'Email atau kata sandi salah.' });
  });

  it('answers the 11th failure per email and IP with 429, and then refuses the right password too', async () => {
    const address = nextIp();
    for (let i = 0; i < 10; i += 1) expect((await logIn(email, `salah-ke-${i}-xxxx`, address)).statusCode).toBe(401);
    const eleventh = await logIn(email, 'salah-ke-11-xxxx', address);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toBe('900');
    expect((await logIn(email, password, address)).statusCode).toBe(429);
    // Another IP is not blocked for this email.
    expect((await logIn(email, password, nextIp())).statusCode).toBe(200);
  });

  it('changing the password ends every session of the user and gives this browser a new one', async () => {
    const address = nextIp();
    const other = cookieOf((await logIn(email, password, address)).headers['set-cookie']);
    const mine = cookieOf((await logIn(email, password, address)).headers['set-cookie']);
    const wrong = await t.request({ method: 'POST', url: '/dashboard/api/me/password', headers: { ...JSON_WRITE, cookie: mine }, payload: JSON.stringify({ current_password: 'salah-salah-salah', new_password: 'baru-dan-panjang' }) });
    expect(wrong.json()).toMatchObject({ code: 'invalid_request', fields: { current_password: 'Kata sandi saat ini salah.' } });
    const changed = await t.request({ method: 'POST', url: '/dashboard/api/me/password', headers: { ...JSON_WRITE, cookie: mine }, payload: JSON.stringify({ current_password: password, new_password: 'baru-dan-panjang' }) });
    expect(changed.statusCode).toBe(204);
    const fresh = cookieOf(changed.headers['set-cookie']);
    expect((await t.request({ method: 'GET', url: '/dashboard/api/me', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/dashboard/api/me', headers: { cookie: mine } })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/dashboard/api/me', headers: { cookie: fresh } })).statusCode).toBe(200);
    expect((await logIn(email, 'baru-dan-panjang', nextIp())).statusCode).toBe(200);
    // Back, for the other tests of this block.
    await t.request({ method: 'POST', url: '/dashboard/api/me/password', headers: { ...JSON_WRITE, cookie: fresh }, payload: JSON.stringify({ current_password: 'baru-dan-panjang', new_password: password }) });
  });
});

describe('stores', () => {
  it('creates a second store, selects it, and refuses a store of someone else', async () => {
    const res = await signUp({ store_name: 'Utama', name: 'Dewi', email: 'dewi@example.test', password: 'rahasia-dewi-1' });
    const cookie = cookieOf(res.headers['set-cookie']);
    const first = res.json().store.id as number;
    const created = await t.request({ method: 'POST', url: '/dashboard/api/stores', headers: { ...JSON_WRITE, cookie }, payload: JSON.stringify({ name: 'Toko Uji' }) });
    expect(created.statusCode).toBe(201);
    const second = created.json().id as number;
    const stillFirst = await t.request({ method: 'GET', url: '/dashboard/api/me', headers: { cookie } });
    expect(stillFirst.json().store.id).toBe(first);
    expect(stillFirst.json().stores.map((s: { id: number }) => s.id)).toEqual([first, second]);
    const selected = await t.request({ method: 'POST', url: `/dashboard/api/stores/${second}/select`, headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(selected.json().store).toEqual({ id: second, name: 'Toko Uji', time_zone: t.ctx.config.timeZone });
    // The other tab still names the first store: refused, nothing done.
    const stale = await t.request({ method: 'POST', url: '/dashboard/api/stores', headers: { ...JSON_WRITE, cookie, 'x-lapak-store': String(first) }, payload: JSON.stringify({ name: 'Tab Lama' }) });
    expect(stale.statusCode).toBe(409);
    expect(await t.ctx.db.selectFrom('tenants').select('id').where('name', '=', 'Tab Lama').execute()).toHaveLength(0);
    const foreign = await t.request({ method: 'POST', url: '/dashboard/api/stores/1/select', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/dashboard/api/stores/abc/select', headers: { cookie } })).statusCode).toBe(404);
  });
});

describe('SIGNUP=off', () => {
  it('refuses sign-up and store creation with 403 signup_disabled', async () => {
    const closed = await startTestApp({ env: { SIGNUP: 'off', PUBLIC_URL: 'http://localhost:3000' } });
    try {
      const res = await closed.request({ method: 'POST', url: '/dashboard/api/signup', headers: JSON_WRITE, payload: JSON.stringify({ store_name: 'S', name: 'N', email: 'e@example.test', password: 'rahasia-sekali' }) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'signup_disabled' });
      expect(await closed.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(0);
    } finally {
      await closed.drop();
    }
  });

  it('under an http PUBLIC_URL the cookie is lapak_session without Secure', async () => {
    const plain = await startTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    try {
      const res = await plain.request({ method: 'POST', url: '/dashboard/api/signup', headers: JSON_WRITE, payload: JSON.stringify({ store_name: 'S', name: 'N', email: 'e@example.test', password: 'rahasia-sekali' }) });
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^lapak_session=/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).toContain('Path=/');
      expect(setCookie).not.toContain('Secure');
    } finally {
      await plain.drop();
    }
  });
});
