// An internal note on an order (POST /dashboard/api/orders/{id}/notes, issue 32 §2): a member's
// text with who wrote it and when, shown to the store's members only (never to a buyer, a key
// or a webhook). A note is not an edit of the order: it writes no history entry.
import type { Clock } from '../../../lib/clock.js';
import type { Db } from '../../../lib/db/db.js';
import { formatTimestamp } from '../../../lib/time.js';
import { refuse, succeed, type Outcome } from '../../../lib/outcome.js';
import { inScope, type OrderScope } from '../../core/order-scope.js';
import type { OrderNote } from './read-order-page.js';

export const MAX_NOTE = 2000;

export type NoteCode = 'order_not_found' | 'invalid_note';

export async function addNote(
  db: Db,
  clock: Clock,
  tenantId: number,
  orderId: number,
  who: { scope: OrderScope; userId: number },
  input: { text: string },
  serverTimeZone: string,
): Promise<Outcome<OrderNote, NoteCode>> {
  const text = input.text.trim();
  if (text === '' || [...text].length > MAX_NOTE) return refuse('invalid_note', `a note is 1 to ${MAX_NOTE} characters`);
  const order = await inScope(
    db.selectFrom('orders').select('orders.id').where('orders.tenant_id', '=', tenantId)
      .where('orders.id', '=', orderId),
    who.scope,
  ).executeTakeFirst();
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);
  const now = clock.now();
  const note = await db
    .insertInto('order_notes')
    .values({ tenant_id: tenantId, order_id: orderId, user_id: who.userId, text, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const author = await db.selectFrom('users').select(['name', 'email']).where('id', '=', who.userId).executeTakeFirstOrThrow();
  return succeed({ id: Number(note.id), text, author: { id: who.userId, name: author.name.trim() || author.email }, created_at: formatTimestamp(now, serverTimeZone) });
}
