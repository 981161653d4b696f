// The session × role × store table test (the API key one is src/auth/common-route.api.test.ts):
// every row of the route table (test/dashboard-route-table.ts) × every caller gets the documented
// answer, on SQLite and PostgreSQL. A refused request changes nothing in the database; another
// store's owner sees and changes nothing of store A; a public route needs no session and shows
// nothing of the store of a session it does not look at.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_WRITES, asMember } from '../../test/dashboard-helpers.js';
import { MARK_A, MARK_B, ROUTE_TABLE, createScene, type Access, type Call, type Caller, type Row, type Scene } from '../../test/dashboard-route-table.js';
import { backend } from '../../test/helpers.js';
import { checkApiResponse } from '../../test/openapi-validator.js';
import { injectReadingStreams } from '../../test/event-stream.js';
import { RATE_LIMIT_TABLE } from '../lib/limits.js';
import type { Role } from '../lib/db/schema.js';
import { CROSS_SITE_TEXT, DASHBOARD_ERRORS, PRODUCT_TEXT } from '../lib/http/messages.js';
import { permissionsOf } from '../team/roles.js';

let s: Scene;
beforeAll(async () => {
  s = await createScene();
});
afterAll(() => s.t.drop());

const ROLES: Array<{ label: string; role: Role; integrations: boolean }> = [
  { label: 'owner', role: 'owner', integrations: false },
  { label: 'admin', role: 'admin', integrations: false },
  { label: 'admin with integrations', role: 'admin', integrations: true },
  { label: 'cs', role: 'cs', integrations: false },
];

const methodOf = (row: Row) => row.operation.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const isWrite = (row: Row) => methodOf(row) !== 'GET';
const isPublic = (row: Row) => row.access === 'public' || row.access === 'optional';
const allows = (access: Access, role: Role, integrations: boolean) =>
  access === 'public' || access === 'optional' || access === 'member' || permissionsOf(role, integrations).includes(access);

/** The row's request as sent: `headers` name the caller (none: a same-origin browser without a cookie). */
function request(row: Row, call: Call, headers: Record<string, string>): InjectOptions {
  const path = row.operation.split(' ')[1]!.replace(/\{(\w+)\}/g, (_, name: string) => String(call.params?.[name]));
  const body = call.raw ?? (call.json === undefined ? undefined : { type: 'application/json', payload: JSON.stringify(call.json) });
  return {
    method: methodOf(row),
    url: call.query ? `${path}?${call.query}` : path,
    headers: { ...(body ? { 'content-type': body.type } : {}), ...headers },
    ...(body ? { payload: body.payload } : {}),
  };
}

const as = (caller: Caller | null, extra: Record<string, string> = {}) =>
  (caller ? asMember(caller, extra) : { 'sec-fetch-site': 'same-origin', ...extra }) as Record<string, string>;

/** Makes the row's fresh data now (for `caller`, when the data is theirs); the request goes when the returned function runs. */
async function prepare(row: Row, headers: Record<string, string>, caller: Caller | null = null) {
  const call = await row.call(s, caller);
  return () => (row.stream ? streamed(request(row, call, headers)) : s.t.request(request(row, call, headers)));
}

/** A streaming route's answer (its refusals whole, a stream's first bytes), checked against openapi/dashboard.json as every answer is. */
async function streamed(options: InjectOptions): Promise<LightMyRequestResponse> {
  const answer = await injectReadingStreams(s.t.app, options);
  checkApiResponse({ method: String(options.method), url: String(options.url) }, answer);
  return answer as unknown as LightMyRequestResponse;
}

type Refusal = 'login_required' | 'forbidden' | 'store_changed' | 'not_found' | 'cross_site_request';

/** The refusal in the row's error family: the dashboard's {error, code, request_id}, or SPEC's product {error}. */
function expectRefused(res: LightMyRequestResponse, row: Row, refusal: Refusal): void {
  if (row.family === 'product') {
    const answers: Record<Refusal, [number, string]> = {
      login_required: [401, PRODUCT_TEXT.loginRequired],
      forbidden: [403, DASHBOARD_ERRORS.forbidden.error],
      store_changed: [409, DASHBOARD_ERRORS.store_changed.error],
      not_found: [404, PRODUCT_TEXT.productNotFound],
      cross_site_request: [403, CROSS_SITE_TEXT],
    };
    const [status, error] = answers[refusal];
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { error } });
    return;
  }
  // A route may name its 404 (order_not_found): the row says so.
  const code = refusal === 'not_found' ? (row.notFound ?? refusal) : refusal;
  expect(res.statusCode, res.body).toBe(DASHBOARD_ERRORS[code].status);
  expect(res.json()).toEqual({ error: DASHBOARD_ERRORS[code].error, code, request_id: expect.any(String) });
}

function expectSuccess(res: LightMyRequestResponse, status: number): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['cache-control']).toBe('no-store');
}

// What the database holds, read whole from its catalog so that a table added later is watched
// too. Not the rate limits' counters (PostgreSQL keeps them in a table): a window counts every
// request on its path, refused or not, and says so (docs/dashboard.md, "Limits"). The change
// feed's consumers (feed_consumers, order_counts, order_pair_counts, insight_totals, insight_follow_ups) do not run here: the walk's
// app starts no worker, so their tables move only with the request under test.
let tableNames: string[] | null = null;
async function tables(): Promise<string[]> {
  const query =
    backend === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`
      : sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`;
  tableNames ??= (await query.execute(s.t.ctx.db)).rows.map((r) => r.name).filter((name) => name !== RATE_LIMIT_TABLE);
  return tableNames;
}

type Rows = Record<string, unknown>[];
const sortedRows = (rows: Rows) => rows.map((r) => JSON.stringify(r, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).sort();

/** Every row of every table: a refused request leaves it as it was. */
async function everything(): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const name of await tables()) all[name] = sortedRows((await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(s.t.ctx.db)).rows);
  return all;
}

/** Store A's rows: its own, its members' users, sessions and reset links. Another store's owner changes none. */
async function storeA(): Promise<Record<string, string[]>> {
  const read = async (name: string) => (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(s.t.ctx.db)).rows;
  const members = new Set((await read('memberships')).filter((r) => Number(r.tenant_id) === s.storeA).map((r) => Number(r.user_id)));
  const mine = (name: string, r: Record<string, unknown>) =>
    name === 'tenants' ? Number(r.id) === s.storeA
    : name === 'users' ? members.has(Number(r.id))
    : 'tenant_id' in r ? Number(r.tenant_id) === s.storeA
    : 'user_id' in r ? members.has(Number(r.user_id))
    : false;
  const all: Record<string, string[]> = {};
  for (const name of await tables()) all[name] = sortedRows((await read(name)).filter((r) => mine(name, r)));
  return all;
}

/** Sends and checks, with the database read before and after when the row writes. */
async function unchanged(row: Row, read: () => Promise<unknown>, send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  if (!isWrite(row)) return send();
  const before = await read();
  const res = await send();
  expect(await read()).toEqual(before);
  return res;
}

const expire = (caller: Caller) => s.t.ctx.db.updateTable('sessions').set({ expires_at: s.t.clock.now() }).where('user_id', '=', caller.userId).execute();

describe.each(ROUTE_TABLE.filter((row) => !isPublic(row)))('$operation ($access)', (row) => {
  it('no session: 401 login_required, nothing changed', async () => {
    const send = await prepare(row, as(null));
    expectRefused(await unchanged(row, everything, send), row, 'login_required');
  });

  it('an expired session: 401 login_required, nothing changed', async () => {
    const caller = await s.member('owner');
    await expire(caller);
    const send = await prepare(row, as(caller));
    expectRefused(await unchanged(row, everything, send), row, 'login_required');
  });

  it.each(ROLES)('$label: allowed, or 403 forbidden changing nothing', async ({ role, integrations }) => {
    const caller = await s.member(role, { integrations });
    const send = await prepare(row, as(caller), caller);
    if (allows(row.access, role, integrations)) expectSuccess(await send(), row.allowed);
    else expectRefused(await unchanged(row, everything, send), row, 'forbidden');
  });

  it("another store's owner with store A's ids: their own store only; store A neither shows nor changes", async () => {
    const send = await prepare(row, as(await s.outsider()));
    const res = await unchanged(row, storeA, send);
    if (row.otherStore === 404) expectRefused(res, row, 'not_found');
    else if (row.otherStore === 422) expect(res.json(), res.body).toMatchObject({ code: 'invalid_request' });
    else expectSuccess(res, row.otherStore);
    expect(res.body).not.toMatch(MARK_A);
  });

  it('X-Lapak-Store naming another store: 409 store_changed, nothing changed', async () => {
    const send = await prepare(row, as(await s.member('owner'), { 'x-lapak-store': String(s.storeB) }));
    expectRefused(await unchanged(row, everything, send), row, 'store_changed');
  });
});

describe.each(ROUTE_TABLE.filter(isPublic))('$operation ($access)', (row) => {
  it("needs no session, and shows nothing of another store", async () => {
    const res = await (await prepare(row, as(null)))();
    expectSuccess(res, row.allowed);
    expect(res.body).not.toMatch(MARK_B);
  });

  it('an expired session is no session', async () => {
    const caller = await s.member('owner');
    await expire(caller);
    expectSuccess(await (await prepare(row, as(caller)))(), row.allowed);
  });

  it(
    row.access === 'public'
      ? "another store's member: the session is not looked at, and nothing of their store shows"
      : "another store's member: acts as that user (the session is used when valid)",
    async () => {
      const res = await (await prepare(row, as(await s.outsider())))();
      expectSuccess(res, row.otherStore);
      if (row.access === 'public') expect(res.body).not.toMatch(MARK_B);
    },
  );

  it(
    row.access === 'public' ? 'X-Lapak-Store is not looked at either' : 'X-Lapak-Store naming another store, with a valid session: 409 store_changed, nothing changed',
    async () => {
      const send = await prepare(row, as(await s.member('owner'), { 'x-lapak-store': String(s.storeB) }));
      if (row.access === 'public') expectSuccess(await send(), row.allowed);
      else expectRefused(await unchanged(row, everything, send), row, 'store_changed');
    },
  );
});

describe.each(ROUTE_TABLE.filter(isWrite))('$operation: cross-site and other media', (row) => {
  // SPEC's products path has the cross-site rule only; the media rule is the dashboard's.
  const refusals = REFUSED_WRITES.filter(([, , , code]) => row.family !== 'product' || code === 'cross_site_request');
  it.each(refusals)('refuses %s and changes nothing', async (_label, headers, status, code) => {
    const caller = isPublic(row) ? null : await s.member('owner');
    const call = await row.call(s);
    const sent = request(row, call, caller ? { cookie: caller.cookie } : {});
    // A write without a body gets one, so that the media rule has something to refuse.
    const send = () => s.t.request({ ...sent, payload: sent.payload ?? '{}', headers: { 'content-type': call.raw?.type ?? 'application/json', ...sent.headers, ...headers } });
    const res = await unchanged(row, everything, send);
    if (code === 'cross_site_request') expectRefused(res, row, 'cross_site_request');
    else {
      const refusal = row.mediaRefusal ?? code;
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error: DASHBOARD_ERRORS[refusal].error, code: refusal, request_id: expect.any(String) });
    }
  });
});
