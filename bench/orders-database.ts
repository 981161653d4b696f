// The database of `npm run bench:orders`: two stores, the measured one with --orders orders and
// one beside it with a tenth of them (so every query must pick its store's rows out of both),
// filled by `lapak demo orders`'s operation, each with an owner and CS members who can log in;
// and the sample of the measured store's orders that the scenarios draw their parameters from.
// Both stores run the CS rotation (issue 34 §1: weighted, sticky, every CS on duty), as a store
// that shares its orders out does: every scenario is measured with it on. (The seeded orders
// themselves are written by the demo's operation, which the rotation does not assign, and no
// scenario places a new order.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql, type SqlBool } from 'kysely';
import { SEEDING_CONSUMERS, seedOrders } from '../src/demo/seed-orders.js';
import { foldOwnChanges, ownChangesStart } from '../src/feed/fold-own-changes.js';
import { seededRandom } from '../src/demo/demo-orders.js';
import { systemClock } from '../src/lib/clock.js';
import { openDatabase, type Db } from '../src/lib/db/db.js';
import { migrateToLatest } from '../src/lib/db/migrate.js';
import { valueOf } from '../src/lib/outcome.js';
import { saveRotation } from '../src/rotation/rotation-settings.js';
import { createMemberUser } from '../src/team/create-member-user.js';
import { createTenant } from '../src/tenants/create-tenant.js';
import { createScratchDatabase } from '../test/pg-scratch.js';
import type { Sample, SampleOrder } from './orders-scenarios.js';

export const STORE_TIME_ZONE = 'Asia/Jakarta';
export const PASSWORD = 'bench-orders-sandi';

/** Logs in with the bench's password: the session cookie (name=value). */
export async function logIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/dashboard/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`);
  return cookie;
}
const MEASURED = { name: 'Toko Sejuta', seed: 32, owner: 'pemilik@sejuta.bench', cs: ['Rani', 'Tono', 'Dewi'] };
const BESIDE = { name: 'Toko Tetangga', seed: 33, owner: 'pemilik@tetangga.bench', cs: ['Sari', 'Budi'] };
const csEmail = (store: typeof MEASURED, name: string) => `${name.toLowerCase()}@${store.owner.split('@')[1]}`;
// Orders of the measured store the parameter sets are drawn from.
const SAMPLE_SIZE = 20_000;

export interface SeedReport {
  store: string;
  orders: number;
  seconds: number;
  /** CPU seconds of this process while it seeded (the database's own work, on SQLite). */
  cpuSeconds: number;
}

export interface OrdersBenchDatabase {
  url: string;
  description: string;
  tenantId: number;
  /** The measured store's owner and a CS; the owner of the store beside it (whose orders the export measures). */
  logins: { owner: string; cs: string; neighbour: string };
  /** Empty when the database was reused (--database). */
  seeded: SeedReport[];
  sample: Sample;
  /** Removes the database, unless it is kept (--keep) or was given (--database). */
  cleanup(): Promise<void>;
}

export type Backend = 'sqlite' | 'postgres';

async function seedStore(db: Db, store: typeof MEASURED, count: number): Promise<SeedReport> {
  const tenantId = valueOf(await createTenant(db, systemClock, { name: store.name })).id;
  await db.updateTable('tenants').set({ time_zone: STORE_TIME_ZONE }).where('id', '=', tenantId).execute();
  await db.transaction().execute(async (tx) => {
    valueOf(await createMemberUser(tx, systemClock, tenantId, { email: store.owner, name: `Pemilik ${store.name}`, role: 'owner', integrations: false }));
    const members = [];
    for (const [i, name] of store.cs.entries()) {
      const { userId } = valueOf(await createMemberUser(tx, systemClock, tenantId, { email: csEmail(store, name), name: `CS ${name}`, role: 'cs', integrations: false }));
      members.push({ user_id: userId, weight: store.cs.length - i, on_duty: true });
    }
    const rotation = await saveRotation(tx, tenantId, { mode: 'weighted', sticky: true, members }, systemClock.now());
    if (!rotation.ok) throw new Error(rotation.message);
  });
  const passwordHash = await hash(PASSWORD);
  await db.updateTable('users').set({ password_hash: passwordHash }).where('email', 'in', [store.owner, ...store.cs.map((n) => csEmail(store, n))]).execute();
  const cpu = process.cpuUsage();
  const started = systemClock.now();
  valueOf(await seedOrders(db, systemClock, { tenantId, count, days: 180, seed: store.seed }));
  // One order in a hundred marked spam (issue 43), and the labels of the orders that were shipped
  // (those with a resi) printed (issue 44), their changes folded in the same transaction as the seeding's.
  await db.transaction().execute(async (tx) => {
    const start = await ownChangesStart(tx);
    await tx.updateTable('orders').set({ spam: 1 }).where('tenant_id', '=', tenantId).where(sql<SqlBool>`id % 100 = 7`).execute();
    await tx.updateTable('orders').set({ label_printed: 1 }).where('tenant_id', '=', tenantId).where('resi', 'is not', null).execute();
    await foldOwnChanges(tx, start, SEEDING_CONSUMERS);
  });
  const used = process.cpuUsage(cpu);
  return { store: store.name, orders: count, seconds: (systemClock.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

/** Orders of the measured store picked at random (ids of one store's seeding are contiguous), and its members. */
async function sampleOf(db: Db, tenantId: number): Promise<Sample> {
  const bounds = await db
    .selectFrom('orders')
    .select([sql<number>`min(id)`.as('low'), sql<number>`max(id)`.as('high'), sql<number>`min(created_at)`.as('first'), sql<number>`max(created_at)`.as('last')])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const [low, high] = [Number(bounds.low), Number(bounds.high)];
  const random = seededRandom(2026);
  const ids = [...new Set(Array.from({ length: Math.min(SAMPLE_SIZE, high - low + 1) }, () => low + Math.floor(random() * (high - low + 1))))];
  const orders: SampleOrder[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'created_at', 'status', 'customer_name', 'customer_phone', 'resi', 'product_id', 'payment_method', 'courier', 'customer_province', 'utm_source', 'utm_campaign', 'assigned_user_id'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      orders.push({ ...r, id: Number(r.id), created_at: Number(r.created_at), product_id: Number(r.product_id), assigned_user_id: r.assigned_user_id === null ? null : Number(r.assigned_user_id) });
    }
  }
  orders.sort((a, b) => a.id - b.id);
  const products = await db.selectFrom('products').select('id').where('tenant_id', '=', tenantId).orderBy('id').execute();
  const cs = await db.selectFrom('memberships').select('user_id').where('tenant_id', '=', tenantId).where('role', '=', 'cs').orderBy('user_id').execute();
  return {
    orders,
    productIds: products.map((p) => Number(p.id)),
    csUserIds: cs.map((m) => Number(m.user_id)),
    timeZone: STORE_TIME_ZONE,
    first: Number(bounds.first),
    last: Number(bounds.last),
  };
}

async function describe(db: Db, backend: Backend, where: string): Promise<string> {
  if (backend === 'sqlite') {
    const { rows } = await sql<{ version: string }>`select sqlite_version() as version`.execute(db);
    return `SQLite ${rows[0]?.version ?? '?'} (embedded, WAL, synchronous=FULL) at ${where}`;
  }
  const { rows } = await sql<{ server_version: string }>`show server_version`.execute(db);
  return `PostgreSQL ${rows[0]?.server_version ?? '?'}, database ${where} (pool of 10)`;
}

/**
 * A new database with both stores seeded, or (`reuse`) one a previous run kept, found by its
 * stores' names. `keep`: leave the new database in place and say where.
 */
export async function ordersDatabase(options: { backend: Backend; orders: number; pgUrl: string; reuse: string | null; keep: boolean; log: (line: string) => void }): Promise<OrdersBenchDatabase> {
  const { backend, log } = options;
  let url: string;
  let remove: () => Promise<void>;
  let where: string;
  if (options.reuse) {
    url = options.reuse;
    where = url;
    remove = async () => undefined;
  } else if (backend === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-bench-orders-'));
    url = `sqlite:${path.join(dir, 'bench.db')}`;
    where = url;
    remove = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const scratch = await createScratchDatabase(options.pgUrl, 'lapak_bench_orders');
    url = scratch.url;
    where = scratch.name;
    remove = () => scratch.drop();
  }
  const cleanup = options.keep || options.reuse ? async () => log(`database kept: ${url}`) : remove;
  const handle = openDatabase(url);
  try {
    return await prepare(handle.db);
  } catch (error) {
    await handle.close();
    await cleanup();
    throw error;
  } finally {
    // On SQLite closing checkpoints the WAL, so the server starts on one compact file.
    await handle.close().catch(() => undefined);
  }

  async function prepare(db: Db): Promise<OrdersBenchDatabase> {
    await migrateToLatest(handle);
    const seeded: SeedReport[] = [];
    if (!options.reuse) {
      seeded.push(await seedStore(db, MEASURED, options.orders));
      log(`seeded:   ${seeded[0]!.orders.toLocaleString('en-US')} orders in ${seeded[0]!.seconds.toFixed(1)} s (${seeded[0]!.cpuSeconds.toFixed(1)} s CPU of this process)`);
      seeded.push(await seedStore(db, BESIDE, Math.max(1, Math.round(options.orders / 10))));
      // PostgreSQL's autovacuum would analyze the new rows soon after; the bench does not wait for it.
      if (backend === 'postgres') await sql`analyze`.execute(db);
    }
    const store = await db.selectFrom('tenants').select('id').where('name', '=', MEASURED.name).executeTakeFirst();
    if (!store) throw new Error(`no store "${MEASURED.name}" in ${url}`);
    const tenantId = Number(store.id);
    return {
      url,
      description: await describe(db, backend, where),
      tenantId,
      logins: { owner: MEASURED.owner, cs: csEmail(MEASURED, MEASURED.cs[0]!), neighbour: BESIDE.owner },
      seeded,
      sample: await sampleOf(db, tenantId),
      cleanup,
    };
  }
}
