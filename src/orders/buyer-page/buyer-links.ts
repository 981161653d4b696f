// The buyer's own order page link, /p/{token} (issue 44 §2; docs/buyer-page.md). The token is 18
// random bytes (144 bits) in base64url, made the first time an order needs it (its thank-you page,
// a message that uses {link_pesanan}). It is stored twice and never in plain: its keyed hash (the
// Sealer's digest, a purpose of its own) is what the page finds the order by, and the token sealed
// (bound to the store and the order) is what a later message shows again. Regenerating replaces
// both, so the old token is found no more at once. A link stops working 90 days after the order
// last entered a closed status (completed, cancelled, invalid_no_hp) and works again once the order
// is reopened: the expiry is read from the order's status and history on every view, nothing is
// deleted.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Clock } from '../../lib/clock.js';
import type { Db, Tx } from '../../lib/db/db.js';
import type { Selectable } from 'kysely';
import type { OrderTable } from '../../lib/db/schema.js';
import type { Sealer } from '../../lib/secrets/sealer.js';
import { refuse, succeed, type Outcome } from '../../lib/outcome.js';
import type { MemberActor } from '../core/member-actor.js';
import { inScope, type OrderScope } from '../core/order-scope.js';

export const BUYER_TOKEN_BYTES = 18;
/** The Sealer's digest purpose of a buyer link's token: its own, so no other hash can stand for it. */
export const BUYER_LINK_PURPOSE = 'buyer-link';
/** Days a link keeps working after the order last entered a closed status. */
export const BUYER_LINK_DAYS = 90;
const DAY_MS = 86_400_000;
/** The statuses after which the link's 90 days run; the page shows them as "dibatalkan" or "selesai". */
export const CLOSED_STATUSES: readonly string[] = ['completed', 'cancelled', 'invalid_no_hp'];
/** The history field of a regeneration ("link pesanan dibuat ulang"). */
export const BUYER_LINK_HISTORY_FIELD = 'buyer_link';

export const newBuyerToken = (): string => randomBytes(BUYER_TOKEN_BYTES).toString('base64url');

/** A token as newBuyerToken makes it: anything else is not looked up at all. */
export const isBuyerToken = (text: string): boolean => /^[A-Za-z0-9_-]{24}$/.test(text);

/** The path of the page; app.ts keeps the token out of every log line by this prefix. */
export const BUYER_PAGE_PREFIX = '/p/';
export const buyerPageUrl = (publicUrl: string, token: string): string => `${publicUrl}${BUYER_PAGE_PREFIX}${token}`;

/** The place a sealed token is bound to: it opens only in its own store's and order's row. */
export const bindingOf = (tenantId: number, orderId: number): string => `buyer_links:sealed_token:${tenantId}:${orderId}`;

/** What making and reading links needs. */
export interface BuyerLinkDeps {
  db: Db;
  sealer: Sealer;
  clock: Clock;
  publicUrl: string;
}

/** How a message gets an order's link: made when the order has none (the real one), or an example (previews). */
export interface BuyerLinks {
  urlOf(tenantId: number, orderId: number): Promise<string>;
}

/** What a preview shows in place of a token: not one (isBuyerToken refuses it), so it opens no order. */
export const EXAMPLE_BUYER_TOKEN = 'contoh-link-pesanan';

/** A preview's link: never a real one, never written. */
export const exampleBuyerLinks = (publicUrl: string): BuyerLinks => ({ urlOf: async () => buyerPageUrl(publicUrl, EXAMPLE_BUYER_TOKEN) });

function rowFor(sealer: Sealer, tenantId: number, orderId: number, token: string, now: number) {
  return { tenant_id: tenantId, order_id: orderId, token_hash: sealer.digest(token, BUYER_LINK_PURPOSE), sealed_token: sealer.seal(token, bindingOf(tenantId, orderId)), created_at: now };
}

/**
 * The order's token, made now when it has none (two at once: one row wins, both read it). A row
 * whose token no key opens any more is replaced; one whose hash another key made is hashed anew.
 */
export async function ensureBuyerToken(deps: Omit<BuyerLinkDeps, 'publicUrl'>, tenantId: number, orderId: number): Promise<string> {
  const { db, sealer } = deps;
  const read = () => db.selectFrom('buyer_links').select(['token_hash', 'sealed_token']).where('tenant_id', '=', tenantId).where('order_id', '=', orderId).executeTakeFirst();
  let row = await read();
  if (!row) {
    await db.insertInto('buyer_links').values(rowFor(sealer, tenantId, orderId, newBuyerToken(), deps.clock.now())).onConflict((oc) => oc.columns(['tenant_id', 'order_id']).doNothing()).execute();
    row = (await read())!;
  }
  const opened = sealer.open(row.sealed_token, bindingOf(tenantId, orderId));
  const where = (q: ReturnType<typeof db.updateTable<'buyer_links'>>) => q.where('tenant_id', '=', tenantId).where('order_id', '=', orderId).where('sealed_token', '=', row.sealed_token);
  if (!opened.ok) {
    const token = newBuyerToken();
    const fresh = rowFor(sealer, tenantId, orderId, token, deps.clock.now());
    const replaced = await where(db.updateTable('buyer_links').set({ token_hash: fresh.token_hash, sealed_token: fresh.sealed_token, created_at: fresh.created_at })).executeTakeFirst();
    return replaced.numUpdatedRows > 0n ? token : ensureBuyerToken(deps, tenantId, orderId);
  }
  const hash = sealer.digest(opened.value, BUYER_LINK_PURPOSE);
  if (hash !== row.token_hash) await where(db.updateTable('buyer_links').set({ token_hash: hash })).execute();
  return opened.value;
}

/** The real links of a running server. */
export const buyerLinksOf = (deps: BuyerLinkDeps): BuyerLinks => ({
  urlOf: async (tenantId, orderId) => buyerPageUrl(deps.publicUrl, await ensureBuyerToken(deps, tenantId, orderId)),
});

/** The real links, from the app's context. */
export const appBuyerLinks = (ctx: Pick<AppContext, 'db' | 'sealer' | 'clock' | 'config'>): BuyerLinks =>
  buyerLinksOf({ db: ctx.db, sealer: ctx.sealer, clock: ctx.clock, publicUrl: ctx.config.publicUrl });

export type RegenerateCode = 'order_not_found';

/**
 * A new token for the order (any member who sees it; a CS only their own orders): the old one
 * is found no more from this commit on. A history entry names the member. In the caller's
 * transaction.
 */
export async function regenerateBuyerLink(
  tx: Tx,
  sealer: Sealer,
  tenantId: number,
  orderId: number,
  who: { scope: OrderScope; actor: MemberActor },
  now: number,
): Promise<Outcome<{ token: string }, RegenerateCode>> {
  const order = await inScope(tx.selectFrom('orders').select('orders.id').where('orders.tenant_id', '=', tenantId).where('orders.id', '=', orderId), who.scope).executeTakeFirst();
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);
  const token = newBuyerToken();
  const row = rowFor(sealer, tenantId, orderId, token, now);
  await tx
    .insertInto('buyer_links')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'order_id']).doUpdateSet({ token_hash: row.token_hash, sealed_token: row.sealed_token, created_at: now }))
    .execute();
  await tx
    .insertInto('order_history')
    .values({ tenant_id: tenantId, order_id: orderId, source: who.actor.source, actor: who.actor.actor, actor_user_id: who.actor.actorUserId, field: BUYER_LINK_HISTORY_FIELD, old_value: null, new_value: null, created_at: now })
    .execute();
  return succeed({ token });
}

/** When the order entered its current status: its last history entry into it, else (made in it) its creation. */
async function enteredAt(db: Db, order: { tenant_id: number; id: number; status: string; created_at: number }): Promise<number> {
  const row = await db
    .selectFrom('order_history')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('tenant_id', '=', order.tenant_id)
    .where('order_id', '=', order.id)
    .where('field', '=', 'status')
    .where('new_value', '=', order.status)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? Number(order.created_at) : Number(row.at);
}

/** When the link of an order in this status, entered at this time, stops working; null while it is open. */
export const linkEndsAt = (status: string, entered: number): number | null => (CLOSED_STATUSES.includes(status) ? entered + BUYER_LINK_DAYS * DAY_MS : null);

export type BuyerOrder = Selectable<OrderTable>;

/** The order a token opens, or null: no such token (never made, or regenerated since), or its 90 days after closing are over. */
export async function findBuyerOrder(deps: Omit<BuyerLinkDeps, 'publicUrl'>, token: string): Promise<BuyerOrder | null> {
  if (!isBuyerToken(token)) return null;
  const order = await deps.db
    .selectFrom('buyer_links')
    .innerJoin('orders', (join) => join.onRef('orders.tenant_id', '=', 'buyer_links.tenant_id').onRef('orders.id', '=', 'buyer_links.order_id'))
    .selectAll('orders')
    .where('buyer_links.token_hash', '=', deps.sealer.digest(token, BUYER_LINK_PURPOSE))
    .executeTakeFirst();
  if (!order) return null;
  const ends = CLOSED_STATUSES.includes(order.status) ? linkEndsAt(order.status, await enteredAt(deps.db, order)) : null;
  return ends !== null && deps.clock.now() >= ends ? null : order;
}
