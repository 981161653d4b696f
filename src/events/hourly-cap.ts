// WEBHOOK_OUT_HOURLY_CAP: a store queues at most `cap` events per clock hour. The hour's
// count is split over up to SLOTS rows, each allowed its share of the cap (the shares add
// up to exactly the cap). A change takes one unit from a random slot, so concurrent changes
// of one store lock different rows instead of queueing on one row until each commits.
// A conditional UPDATE never locks a full slot, and the cap stays exact: the hour is full
// only when every slot is.
import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../lib/db/db.js';
import { prepareQuery } from '../lib/db/prepared.js';

const HOUR_MS = 3_600_000;
export const SLOTS = 16;

const slotsUsed = (cap: number): number => Math.min(SLOTS, cap);

/** The share of the cap that slot `slot` (of slotsUsed(cap)) may count. */
const slotShare = (cap: number, slot: number): number => {
  const used = slotsUsed(cap);
  return Math.floor(cap / used) + (slot < cap % used ? 1 : 0);
};

/** How many slots a cap uses, and the share of each: the shares add up to the cap. */
export function slotShares(cap: number): number[] {
  return Array.from({ length: slotsUsed(cap) }, (_, slot) => slotShare(cap, slot));
}

type SlotArgs = { tenantId: number; hourStart: number; slot: number; share: number };

const takeFromSlot = prepareQuery((db: Db, a: SlotArgs) =>
  db
    .updateTable('event_hour_slots')
    .set((eb) => ({ count: eb('count', '+', 1) }))
    .where('tenant_id', '=', a.tenantId)
    .where('hour_start', '=', a.hourStart)
    .where('slot', '=', a.slot)
    .where('count', '<', a.share),
);

const countsOfHour = prepareQuery((db: Db, a: { tenantId: number; hourStart: number }) =>
  db.selectFrom('event_hour_slots').select(['slot', 'count']).where('tenant_id', '=', a.tenantId).where('hour_start', '=', a.hourStart),
);

/**
 * PostgreSQL: takeFromSlot as one part of a larger statement (a data-modifying CTE), and
 * only while `onlyIf` holds. Returns the slot's number when it took the unit; a slot that is
 * full, or not created yet for the hour, returns nothing.
 */
export const takeFromSlotPart = (a: SlotArgs, onlyIf: RawBuilder<unknown>): RawBuilder<{ slot: number }> => sql`
      update event_hour_slots set count = count + 1
      where tenant_id = ${a.tenantId} and hour_start = ${a.hourStart} and slot = ${a.slot} and count < ${a.share}
        and ${onlyIf}
      returning slot`;

/**
 * PostgreSQL: whether the hour is full, as a boolean for a larger statement: every slot of the
 * cap (slotsUsed) there and at its share. Counts only grow within an hour, so an hour seen
 * full stays full until it ends: a statement that sees it full may commit its change without
 * an event (SPEC: over the cap a change is saved without one), where a slot without room in an
 * hour with room elsewhere, or with its slots not created yet, must not. The shares as
 * slotShare computes them; the cap comes in as a value, so the statement's text is one.
 */
export const hourFullPart = (a: { tenantId: number; hourStart: number; cap: number }): RawBuilder<boolean> => sql`(
      select count(*) from event_hour_slots
      where tenant_id = ${a.tenantId} and hour_start = ${a.hourStart} and slot < least(${a.cap}::bigint, ${SLOTS})
        and count >= ${a.cap}::bigint / least(${a.cap}::bigint, ${SLOTS}) + case when slot < ${a.cap}::bigint % least(${a.cap}::bigint, ${SLOTS}) then 1 else 0 end
    ) = least(${a.cap}::bigint, ${SLOTS})`;

/** The hour's slot rows, at zero; rows that exist already are left as they are. */
async function createSlots(tx: Tx, tenantId: number, hourStart: number, used: number): Promise<void> {
  await tx
    .insertInto('event_hour_slots')
    .values(Array.from({ length: used }, (_, slot) => ({ tenant_id: tenantId, hour_start: hourStart, slot, count: 0 })))
    .onConflict((oc) => oc.columns(['tenant_id', 'hour_start', 'slot']).doNothing())
    .execute();
}

/** Where a change first tries to take its unit: a random slot of the hour, and its share (of `cap`). */
export interface SlotChoice {
  hourStart: number;
  slot: number;
  share: number;
  /** The hourly cap the share is of, for hourFullPart. */
  cap: number;
}

// On every change: computes its one share (building the list with Array.from cost 12k
// instructions a PATCH, issue 13).
export function chooseSlot(now: number, cap: number): SlotChoice {
  const slot = Math.floor(Math.random() * slotsUsed(cap));
  return { hourStart: Math.floor(now / HOUR_MS) * HOUR_MS, slot, share: slotShare(cap, slot), cap };
}

/**
 * Counts one event against the store's hour, inside the change's transaction. Returns false
 * when the hour is full: the change is still saved, but without an event.
 */
export async function takeHourlySlot(tx: Tx, tenantId: number, now: number, cap: number): Promise<boolean> {
  const first = chooseSlot(now, cap);
  if ((await takeFromSlot.run(tx, { tenantId, ...first })) > 0) return true;
  return takeFromAnySlot(tx, tenantId, cap, first);
}

/**
 * After `tried` was found full, or not created yet for the hour: creates the hour's slots
 * if needed and takes from the first one with room, starting after `tried`.
 */
export async function takeFromAnySlot(tx: Tx, tenantId: number, cap: number, tried: SlotChoice): Promise<boolean> {
  const { hourStart } = tried;
  const shares = slotShares(cap);
  let counts = await countsOfHour.all(tx, { tenantId, hourStart });
  if (counts.length < shares.length) {
    await createSlots(tx, tenantId, hourStart, shares.length);
    counts = await countsOfHour.all(tx, { tenantId, hourStart });
  }
  const counted = new Map(counts.map((row) => [row.slot, row.count]));
  for (let i = 0; i < shares.length; i++) {
    const slot = (tried.slot + i) % shares.length;
    const share = shares[slot]!;
    if ((counted.get(slot) ?? 0) < share && (await takeFromSlot.run(tx, { tenantId, hourStart, slot, share })) > 0) return true;
  }
  return false;
}

/** Removes the counters of hours that ended more than an hour ago (housekeeping). Returns how many. */
export async function purgeHourSlots(db: Db, now: number): Promise<number> {
  const purged = await db.deleteFrom('event_hour_slots').where('hour_start', '<', now - 2 * HOUR_MS).executeTakeFirst();
  return Number(purged.numDeletedRows);
}
