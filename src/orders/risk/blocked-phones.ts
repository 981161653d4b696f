// A store's blocked phones (issue 43 §4; docs/risk.md): owners and admins add them (from an
// order's page in one tap, or by hand in the settings, with a note) and remove them. A form
// order from a blocked phone is refused (src/form/submit-order.ts) and only counted, per store
// and day in the store's time zone; an order entered by hand or by the CLI is taken, flagged
// `blocked` (assess-order.ts).
import type { Db } from '../../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../../lib/outcome.js';
import { hasLetters, normalizeIndonesianPhone } from '../../lib/phone.js';
import { formatTimestamp } from '../../lib/time.js';

export const MAX_NOTE_LENGTH = 500;
export const MAX_BLOCKED_PHONES = 5_000;

export interface BlockedPhone {
  phone: string;
  note: string;
  created_at: string;
}

export async function isPhoneBlocked(db: Db, tenantId: number, phone: string): Promise<boolean> {
  if (phone === '') return false;
  const row = await db.selectFrom('blocked_phones').select('phone').where('tenant_id', '=', tenantId).where('phone', '=', phone).executeTakeFirst();
  return row !== undefined;
}

/** One more form order refused today (YYYY-MM-DD in the store's zone); nothing of the order is kept. */
export async function countRefusedFormOrder(db: Db, tenantId: number, now: number, timeZone: string): Promise<void> {
  const day = formatTimestamp(now, timeZone).slice(0, 10);
  await db
    .insertInto('blocked_form_counts')
    .values({ tenant_id: tenantId, day, count: 1 })
    .onConflict((oc) => oc.columns(['tenant_id', 'day']).doUpdateSet((eb) => ({ count: eb('blocked_form_counts.count', '+', 1) })))
    .execute();
}

export async function listBlockedPhones(db: Db, tenantId: number, now: number, timeZone: string): Promise<{ phones: BlockedPhone[]; refused_today: number }> {
  const rows = await db.selectFrom('blocked_phones').select(['phone', 'note', 'created_at']).where('tenant_id', '=', tenantId).orderBy('created_at', 'desc').orderBy('phone').execute();
  const today = formatTimestamp(now, timeZone).slice(0, 10);
  const refused = await db.selectFrom('blocked_form_counts').select('count').where('tenant_id', '=', tenantId).where('day', '=', today).executeTakeFirst();
  return {
    phones: rows.map((r) => ({ phone: r.phone, note: r.note, created_at: formatTimestamp(Number(r.created_at), timeZone) })),
    refused_today: Number(refused?.count ?? 0),
  };
}

export type BlockCode = 'invalid_phone' | 'phone_letters' | 'too_many_blocked';

/** The phone as stored (normalised), or why not. */
export function blockedPhoneOf(text: string): Outcome<string, 'invalid_phone' | 'phone_letters'> {
  const phone = normalizeIndonesianPhone(text.trim());
  if (phone !== null && phone !== '') return succeed(phone);
  return hasLetters(text) ? refuse('phone_letters', 'phone must be digits, not letters') : refuse('invalid_phone', 'phone must be an Indonesian phone number');
}

/** Blocks a phone, or updates its note when it is blocked already. */
export async function blockPhone(db: Db, tenantId: number, input: { phone: string; note: string; userId: number; now: number }, timeZone: string): Promise<Outcome<BlockedPhone, BlockCode>> {
  const phone = blockedPhoneOf(input.phone);
  if (!phone.ok) return phone;
  const count = await db.selectFrom('blocked_phones').select((eb) => eb.fn.countAll<number | string>().as('n')).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (Number(count?.n ?? 0) >= MAX_BLOCKED_PHONES) return refuse('too_many_blocked', `a store blocks ${MAX_BLOCKED_PHONES} phones at most`);
  const note = input.note.trim();
  const row = await db
    .insertInto('blocked_phones')
    .values({ tenant_id: tenantId, phone: phone.value, note, created_by: input.userId, created_at: input.now })
    .onConflict((oc) => oc.columns(['tenant_id', 'phone']).doUpdateSet({ note }))
    .returning(['phone', 'note', 'created_at'])
    .executeTakeFirstOrThrow();
  return succeed({ phone: row.phone, note: row.note, created_at: formatTimestamp(Number(row.created_at), timeZone) });
}

/** Unblocks a phone; false when it was not blocked. */
export async function unblockPhone(db: Db, tenantId: number, text: string): Promise<boolean> {
  const phone = blockedPhoneOf(text);
  if (!phone.ok) return false;
  const result = await db.deleteFrom('blocked_phones').where('tenant_id', '=', tenantId).where('phone', '=', phone.value).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
