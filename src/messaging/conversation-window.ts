// The customer-service window (issue 42 §1; reference/whatsapp.md §1): the buyer's own message
// opens 24 hours of free-form messages, each new one resets it; Lapak's messages never do.
import type { Db, Tx } from '../lib/db/db.js';

export const WINDOW_MS = 24 * 3_600_000;

/** When the window with the phone closes (epoch ms); null when the buyer never wrote. */
export async function windowClosesAt(db: Db | Tx, tenantId: number, phone: string): Promise<number | null> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('tenant_id', '=', tenantId)
    .where('phone', '=', phone)
    .where('direction', '=', 'in')
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at) + WINDOW_MS;
}

export async function windowOpen(db: Db | Tx, tenantId: number, phone: string, now: number): Promise<boolean> {
  const closes = await windowClosesAt(db, tenantId, phone);
  return closes !== null && closes > now;
}
