// A lease in the database for a worker that must run in one process at a time however many
// processes run it (the auto-cancel worker): a row per worker name, held by a random token until
// `locked_until`. A process takes it when it is free or lapsed, or renews its own; a process
// killed mid-round lets it lapse and another takes over. Work done under it renews it in the
// work's own transaction (holdsLease), so that a process that lost it stops before writing.
import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../lib/db/db.js';

/** A fresh holder's token. */
export const leaseToken = (): string => randomBytes(12).toString('hex');

/** Takes or renews the lease `name` for `token` until now + ms; false when another holder's lease runs. */
export async function takeLease(db: Db, name: string, token: string, now: number, ms: number): Promise<boolean> {
  await db.insertInto('worker_leases').values({ name, lease_token: null, locked_until: 0 }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const taken = await db
    .updateTable('worker_leases')
    .set({ lease_token: token, locked_until: now + ms })
    .where('name', '=', name)
    .where((w) => w.or([w('lease_token', '=', token), w('lease_token', 'is', null), w('locked_until', '<=', now)]))
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n;
}

/** In the caller's transaction: renews the lease while `token` still holds it; false when it was lost (stop, write nothing). */
export async function holdsLease(tx: Tx, name: string, token: string, now: number, ms: number): Promise<boolean> {
  const held = await tx
    .updateTable('worker_leases')
    .set({ locked_until: now + ms })
    .where('name', '=', name)
    .where('lease_token', '=', token)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return held.numUpdatedRows > 0n;
}

/** Gives the lease up (a clean stop), so that another process need not wait for it to lapse. */
export async function releaseLease(db: Db, name: string, token: string): Promise<void> {
  await db.updateTable('worker_leases').set({ lease_token: null, locked_until: 0 }).where('name', '=', name).where('lease_token', '=', token).execute();
}
