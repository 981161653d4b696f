// bench/pg-floor-server.ts: the floor the bench measures beside the routes on PostgreSQL must
// make the routes' round trips and write what they write, or its figure says nothing. GET
// reads the order with the key; PATCH changes it with its history entry, its event and a
// remembered response that a repeated Idempotency-Key gets back; an unknown key is refused. With
// the folds (bench/floor-fold.ts), it keeps the counts' and insights' rows as their consumers
// would. Needs TEST_DATABASE_URL and TEST_REDIS_URL.
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupDatabase, type BenchDatabase } from '../bench/database.js';
import { pgFloorServer } from '../bench/pg-floor-server.js';
import { testPostgresUrl, testRedisUrl } from './helpers.js';
import { keptAndRecounted } from './insight-totals.js';

describe.skipIf(!testPostgresUrl || !testRedisUrl)('the PostgreSQL floor server', { timeout: 60_000 }, () => {
  let bench: BenchDatabase;
  let floor: ReturnType<typeof pgFloorServer>;
  let url: string;
  let client: pg.Client;

  const redis = () => ({ url: testRedisUrl!, keyPrefix: `lapak-test-floor-${process.pid}:` });
  const settings = { timeZone: 'Asia/Jakarta', webhookHourlyCap: 1_000_000 };

  beforeAll(async () => {
    bench = await setupDatabase('postgres', 200, testPostgresUrl);
    floor = pgFloorServer(bench.url, redis(), settings);
    await new Promise<void>((resolve) => floor.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(floor.server.address() as AddressInfo).port}/api/order_status.php`;
    client = new pg.Client({ connectionString: bench.url });
    await client.connect();
  }, 60_000);

  afterAll(async () => {
    await client?.end();
    await new Promise((resolve) => floor?.server.close(resolve));
    await floor?.close();
    await bench?.cleanup();
  });

  const one = async <T>(text: string, values: unknown[]): Promise<T> => (await client.query(text, values)).rows[0] as T;
  const patch = (id: number, status: string, key: string, apiKey = bench.seeded.writeKey) =>
    fetch(url, { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-api-key': apiKey, 'idempotency-key': key }, body: JSON.stringify({ id, status }) });

  it('answers GET with the order read with the key, 404 for an order of no store, 401 for an unknown key', async () => {
    const order = bench.seeded.toggleable[0]!;
    const response = await fetch(`${url}?id=${order.id}`, { headers: { 'x-api-key': bench.seeded.readKey } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { order: { id: number; status: string; total: number } };
    const row = await one<{ status: string; total: string }>('select status, total from orders where id = $1', [order.id]);
    expect(body.order).toMatchObject({ id: order.id, status: row.status, total: Number(row.total) });
    expect((await fetch(`${url}?id=999999`, { headers: { 'x-api-key': bench.seeded.readKey } })).status).toBe(404);
    expect((await fetch(`${url}?id=${order.id}`, { headers: { 'x-api-key': 'no-such-key' } })).status).toBe(401);
  });

  it("changes the order with its history entry, its event and the key's remembered response, and replays a repeated key", async () => {
    const order = bench.seeded.toggleable[1]!;
    const before = await one<{ status: string }>('select status from orders where id = $1', [order.id]);
    const to = before.status === 'pending' ? 'closing' : 'pending';
    const key = `floor-test-${Date.now()}`;
    const first = await patch(order.id, to, key);
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { changed: boolean; previous_status: string; status: string };
    expect(answer).toMatchObject({ changed: true, previous_status: before.status, status: to });
    expect(await one('select status from orders where id = $1', [order.id])).toEqual({ status: to });
    const written = async () =>
      one<{ history: string; events: string; records: string }>(
        `select (select count(*) from order_history where order_id = $1 and new_value = $2) as history,
          (select count(*) from events where order_id = $1 and type = 'order.status_changed') as events,
          (select count(*) from idempotency_records where idempotency_key = $3) as records`,
        [order.id, to, key],
      );
    expect(await written()).toEqual({ history: '1', events: '1', records: '1' });

    // The same key again: the remembered answer, nothing written twice.
    const again = await patch(order.id, to, key);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    expect(await written()).toEqual({ history: '1', events: '1', records: '1' });
    expect((await patch(order.id, before.status, `${key}-x`, 'no-such-key')).status).toBe(401);
  });

  it('with the folds, folds its changes as the counts and insights consumers do: both move past the feed, and what they keep equals a recount', async () => {
    const folding = pgFloorServer(bench.url, redis(), settings, true);
    await new Promise<void>((resolve) => folding.server.listen(0, '127.0.0.1', resolve));
    const foldingUrl = `http://127.0.0.1:${(folding.server.address() as AddressInfo).port}/api/order_status.php`;
    const send = (id: number, status: string, key: string) =>
      fetch(foldingUrl, { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-api-key': bench.seeded.writeKey, 'idempotency-key': key }, body: JSON.stringify({ id, status }) });
    try {
      // First closings (they move insights' figures), then some of them back.
      const pending = await client.query<{ id: string }>("select id from orders where tenant_id = $1 and status = 'pending' and first_closed_at is null order by id limit 12", [bench.seeded.tenantId]);
      const ids = pending.rows.map((r) => Number(r.id));
      expect(ids).toHaveLength(12);
      for (const id of ids) expect((await send(id, 'closing', `fold-${id}-${Date.now()}`)).status).toBe(200);
      for (const id of ids.slice(0, 4)) expect((await send(id, 'pending', `fold-back-${id}-${Date.now()}`)).status).toBe(200);
      const behind = async () =>
        Number(
          (
            await one<{ n: string }>(
              "select count(*) as n from order_feed f, feed_consumers c where c.name in ('counts', 'insights') and (f.txid, f.id) > (c.txid, c.position)",
              [],
            )
          ).n,
        );
      const until = Date.now() + 10_000;
      while (Date.now() < until && (await behind()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await behind()).toBe(0);
    } finally {
      await new Promise((resolve) => folding.server.close(resolve));
      await folding.close();
    }
    // Lapak's own consumers find nothing left to fold; the rows the floor kept are the recount's.
    const { kept, recounted } = await keptAndRecounted(bench.url);
    expect(kept).toEqual(recounted);
  });
});
