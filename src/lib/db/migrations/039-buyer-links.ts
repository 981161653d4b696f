import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The buyer's own order page (issue 44 §2; src/orders/buyer-page/, docs/buyer-page.md):
// - buyer_links: an order's link /p/{token}, at most one per order. The token itself is never
//   stored in plain: token_hash is its keyed hash (the Sealer's digest, purpose `buyer-link`),
//   unique across every store, the one index the page is found by; sealed_token is the token
//   sealed (bound to the store and the order) so that a message can show the link again.
//   Regenerating replaces both in place: the old token is found no more. `lapak secrets rotate`
//   re-seals the token and hashes it anew with the new key.
// Additive only.
export function buyerLinks(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    const bigint = sql.raw(dialect === 'sqlite' ? 'integer' : 'bigint');
    await sql`create table buyer_links (
      tenant_id ${bigint} not null, order_id ${bigint} not null, token_hash text not null, sealed_token text not null,
      created_at ${bigint} not null,
      primary key (tenant_id, order_id))`.execute(db);
    await sql`create unique index buyer_links_token_hash on buyer_links (token_hash)`.execute(db);
    // `lapak secrets rotate` walks the links in pages by order id (src/secrets/seal-stored-secrets.ts).
    await sql`create index buyer_links_order on buyer_links (order_id)`.execute(db);
  };
}
