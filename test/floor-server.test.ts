// bench/floor-server.ts: the floor the bench measures beside the routes must do the routes'
// SQLite work, or its figure says nothing. GET reads the order; PATCH changes it with its
// history entry, an event that no dispatcher picks up, and a remembered response that a
// repeated Idempotency-Key gets back; requests of one turn share one COMMIT. With the folds
// (bench/floor-fold.ts), it keeps the counts' and insights' rows as their consumers would.
import type { AddressInfo } from 'node:net';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupDatabase, type BenchDatabase } from '../bench/database.js';
import { FLOOR_EVENT_TYPE, floorServer } from '../bench/floor-server.js';
import { keptAndRecounted } from './insight-totals.js';

let bench: BenchDatabase;
let floor: ReturnType<typeof floorServer>;
let url: string;
let file: string;

beforeAll(async () => {
  bench = await setupDatabase('sqlite', 200);
  file = bench.url.slice('sqlite:'.length);
  floor = floorServer(file, bench.seeded.tenantId);
  await new Promise<void>((resolve) => floor.server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(floor.server.address() as AddressInfo).port}/api/order_status.php`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => floor?.server.close(resolve));
  floor?.close();
  await bench?.cleanup();
});

const inDb = <T>(sql: string, ...params: unknown[]): T => {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare(sql).get(...params) as T;
  } finally {
    db.close();
  }
};

const patch = (id: number, status: string, key: string) =>
  fetch(url, { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'idempotency-key': key }, body: JSON.stringify({ id, status }) });

describe('the floor server', () => {
  it('answers GET with the order read from the database, and 404 for an order of no store', async () => {
    const order = bench.seeded.toggleable[0]!;
    const response = await fetch(`${url}?id=${order.id}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { order: { id: number; status: string; total: number } };
    const row = inDb<{ status: string; total: number }>('select status, total from orders where id = ?', order.id);
    expect(body.order).toMatchObject({ id: order.id, status: row.status, total: row.total });
    expect((await fetch(`${url}?id=999999`)).status).toBe(404);
  });

  it('changes the order with its history entry and a fanned-out event, and replays a repeated key', async () => {
    const [a, b] = bench.seeded.toggleable.slice(1, 3) as [{ id: number; status: string }, { id: number; status: string }];
    const flip = (s: string) => (s === 'pending' ? 'closing' : 'pending');
    // Two requests in one turn: one group, one COMMIT.
    const [first, second] = await Promise.all([patch(a.id, flip(a.status), 'floor-a'), patch(b.id, flip(b.status), 'floor-b')]);
    const answer = (await first.json()) as { changed: boolean; previous_status: string; status: string };
    expect(answer).toMatchObject({ changed: true, previous_status: a.status, status: flip(a.status) });
    expect(((await second.json()) as { changed: boolean }).changed).toBe(true);

    expect(inDb<{ status: string }>('select status from orders where id = ?', a.id).status).toBe(flip(a.status));
    expect(inDb<{ n: number }>('select count(*) as n from order_history where order_id = ? and new_value = ?', a.id, flip(a.status)).n).toBe(1);
    const event = inDb<{ type: string; fanned: number }>('select type, fanned_out_at is not null as fanned from events where order_id = ?', a.id);
    expect(event).toEqual({ type: FLOOR_EVENT_TYPE, fanned: 1 });

    const again = await patch(a.id, flip(a.status), 'floor-a');
    expect(await again.json()).toEqual(answer);
    expect(inDb<{ n: number }>("select count(*) as n from order_history where order_id = ? and field = 'status'", a.id).n).toBe(1);
  });
});

describe('the floor server with the folds', () => {
  it("folds its changes as the counts and insights consumers do: both move past the feed, and what they keep equals a recount", async () => {
    const folding = floorServer(file, bench.seeded.tenantId, true);
    await new Promise<void>((resolve) => folding.server.listen(0, '127.0.0.1', resolve));
    const foldingUrl = `http://127.0.0.1:${(folding.server.address() as AddressInfo).port}/api/order_status.php`;
    try {
      // First closings (they move insights' figures), then some of them back: one turn each.
      const orders = bench.seeded.toggleable.filter((o) => o.status === 'pending').slice(0, 12);
      const send = (id: number, status: string, key: string) =>
        fetch(foldingUrl, { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'idempotency-key': key }, body: JSON.stringify({ id, status }) });
      for (const o of orders) expect((await send(o.id, 'closing', `fold-${o.id}`)).status).toBe(200);
      for (const o of orders.slice(0, 4)) expect((await send(o.id, 'pending', `fold-back-${o.id}`)).status).toBe(200);
      const end = () => inDb<{ id: number }>('select max(id) as id from order_feed').id;
      const positions = () => inDb<{ counts: number; insights: number }>(
        "select (select position from feed_consumers where name = 'counts') as counts, (select position from feed_consumers where name = 'insights') as insights",
      );
      const until = Date.now() + 10_000;
      while (Date.now() < until && (positions().counts < end() || positions().insights < end())) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(positions()).toEqual({ counts: end(), insights: end() });
      expect(inDb<{ n: number }>("select count(*) as n from orders where id in (" + orders.map((o) => o.id).join(',') + ") and first_closed_at is not null").n).toBe(orders.length);
    } finally {
      await new Promise((resolve) => folding.server.close(resolve));
      folding.close();
    }
    // Lapak's own consumers find nothing left to fold; the rows the floor kept are the recount's.
    const { kept, recounted } = await keptAndRecounted(bench.url);
    expect(kept).toEqual(recounted);
  });
});
