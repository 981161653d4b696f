// Two `lapak serve` processes on one PostgreSQL database: a removal or a role change made
// through one process is in force in the other on the member's next request (no cache
// serves a stale membership). Needs TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.js';
import { loadConfig } from '../src/lib/config.js';
import { cliHarness, type RunningCommand } from './cli-process.js';
import { asMember, seedMember, type Member } from './dashboard-helpers.js';
import { TEST_SECRET_KEY, freshDatabase, seedStore, testPostgresUrl } from './helpers.js';

describe.skipIf(!testPostgresUrl)('dashboard sessions across two serve processes on PostgreSQL', { timeout: 60_000 }, () => {
  const cli = cliHarness('lapak-dash-');
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let servers: RunningCommand[] = [];
  let owner: Member;
  let tenantId: number;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    // The processes' PUBLIC_URL is http: the cookie is `lapak_session`.
    const ctx = { db: database.handle.db, clock: systemClock, config: loadConfig({ PUBLIC_URL: 'http://localhost:3000' }) };
    tenantId = (await seedStore(ctx, {})).tenantId;
    owner = await seedMember(ctx, tenantId, 'owner');
    servers = await Promise.all([0, 1].map(() => cli.start('unused.db', 'serve', { DATABASE_URL: database.url, LAPAK_SECRET_KEY: TEST_SECRET_KEY, WEBHOOK_DISPATCHER: 'off' })));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
    cli.cleanup();
  });

  const call = async (p: number, method: string, path: string, member: Member, body?: unknown) => {
    const headers = asMember(member, body === undefined ? {} : { 'content-type': 'application/json' }) as Record<string, string>;
    const res = await fetch(`http://127.0.0.1:${servers[p]!.port}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.text()) || '{}' };
  };

  it('a member removed through one process gets 401 from the other on the next request', async () => {
    const ctx = { db: database.handle.db, clock: systemClock, config: loadConfig({ PUBLIC_URL: 'http://localhost:3000' }) };
    const member = await seedMember(ctx, tenantId, 'admin', { integrations: true });
    for (const p of [0, 1]) expect((await call(p, 'GET', '/dashboard/api/me', member)).status).toBe(200);
    expect((await call(0, 'DELETE', `/dashboard/api/team/${member.userId}`, owner)).status).toBe(204);
    const next = await call(1, 'GET', '/dashboard/api/me', member);
    expect(next.status).toBe(401);
    expect(JSON.parse(next.body)).toMatchObject({ code: 'login_required' });
  });

  it('a role changed through one process is in force in the other at once', async () => {
    const ctx = { db: database.handle.db, clock: systemClock, config: loadConfig({ PUBLIC_URL: 'http://localhost:3000' }) };
    const member = await seedMember(ctx, tenantId, 'admin');
    expect((await call(1, 'GET', '/dashboard/api/me', member)).status).toBe(200);
    expect((await call(0, 'PATCH', `/dashboard/api/team/${member.userId}`, owner, { role: 'cs', integrations: false })).status).toBe(204);
    // The change ended the member's sessions: the old cookie is refused everywhere.
    expect((await call(1, 'GET', '/dashboard/api/me', member)).status).toBe(401);
  });
});
