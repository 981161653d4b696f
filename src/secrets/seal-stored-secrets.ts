// Seals what is stored in plain text, and re-seals what another key sealed, row by row.
// Every change is a compare-and-set (UPDATE ... WHERE the column still holds what was read),
// so a run that stops half way, two runs at once, or a second run change nothing twice:
// the step is idempotent. `migrate` and `serve` run it on plain values after the migrations
// (a Kysely migration has no key); `lapak secrets rotate` runs it on every value.
import type { Db } from '../lib/db/db.js';
import { isSealed, sealedKeyId, type Sealer } from '../lib/secrets/sealer.js';
import { STORE_SECRET_COLUMNS, storeSecretBinding } from '../tenants/store-settings.js';
import { webhookSecretBinding } from '../webhooks/sealed-secret.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import { BUYER_LINK_PURPOSE, bindingOf as buyerLinkBinding } from '../orders/buyer-page/buyer-links.js';

export interface SealReport {
  /** The id of the key every value is now sealed with. */
  key_id: string;
  /** Plain values sealed. */
  sealed_plain: number;
  /** Values of another key re-sealed with the current one. */
  resealed: number;
  /** Values already sealed with the current key. */
  already_current: number;
  /** Values no key given opens: the place only, never the value. */
  unreadable: Array<{ table: string; column: string; row: number; reason: string }>;
}

/** One stored value and how to replace it if it still holds what was read. */
interface Place {
  table: 'store_settings' | 'webhook_endpoints' | 'buyer_links';
  column: string;
  row: number;
  binding: string;
  value: string;
  replace(next: string): Promise<boolean>;
}

const PAGE = 500;

async function storeSettingsPlaces(db: Db, after: number): Promise<{ places: Place[]; last: number | null }> {
  const rows = await db
    .selectFrom('store_settings')
    .select(['tenant_id', ...STORE_SECRET_COLUMNS])
    .where('tenant_id', '>', after)
    .orderBy('tenant_id')
    .limit(fixedLimit(PAGE))
    .execute();
  const places = rows.flatMap((r) =>
    STORE_SECRET_COLUMNS.flatMap((column): Place[] => {
      const value = r[column];
      if (value === null) return [];
      return [{
        table: 'store_settings', column, row: r.tenant_id, binding: storeSecretBinding(r.tenant_id, column), value,
        replace: async (next) => {
          const updated = await db.updateTable('store_settings').set(column, next).where('tenant_id', '=', r.tenant_id).where(column, '=', value).executeTakeFirst();
          return updated.numUpdatedRows > 0n;
        },
      }];
    }),
  );
  return { places, last: rows.length === PAGE ? rows[rows.length - 1]!.tenant_id : null };
}

async function webhookPlaces(db: Db, after: number): Promise<{ places: Place[]; last: number | null }> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'tenant_id', 'secret', 'previous_secret'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(fixedLimit(PAGE))
    .execute();
  const places = rows.flatMap((r) =>
    (['secret', 'previous_secret'] as const).flatMap((column): Place[] => {
      const value = r[column];
      if (value === null) return [];
      return [{
        table: 'webhook_endpoints', column, row: r.id, binding: webhookSecretBinding(r.tenant_id), value,
        replace: async (next) => {
          const updated = await db
            .updateTable('webhook_endpoints')
            .set(column, next)
            .where('tenant_id', '=', r.tenant_id)
            .where('id', '=', r.id)
            .where(column, '=', value)
            .executeTakeFirst();
          return updated.numUpdatedRows > 0n;
        },
      }];
    }),
  );
  return { places, last: rows.length === PAGE ? rows[rows.length - 1]!.id : null };
}

/**
 * The buyers' page links (orders/buyer-page/): a token re-sealed is hashed anew with the new key in
 * the same compare-and-set, so the page keeps finding it by the current key's digest.
 */
async function buyerLinkPlaces(db: Db, sealer: Sealer, after: number): Promise<{ places: Place[]; last: number | null }> {
  const rows = await db
    .selectFrom('buyer_links')
    .select(['tenant_id', 'order_id', 'sealed_token'])
    .where('order_id', '>', after)
    .orderBy('order_id')
    .limit(fixedLimit(PAGE))
    .execute();
  const places = rows.map((r): Place => ({
    table: 'buyer_links', column: 'sealed_token', row: Number(r.order_id), binding: buyerLinkBinding(Number(r.tenant_id), Number(r.order_id)), value: r.sealed_token,
    replace: async (next) => {
      const opened = sealer.open(next, buyerLinkBinding(Number(r.tenant_id), Number(r.order_id)));
      if (!opened.ok) return false;
      const updated = await db
        .updateTable('buyer_links')
        .set({ sealed_token: next, token_hash: sealer.digest(opened.value, BUYER_LINK_PURPOSE) })
        .where('tenant_id', '=', r.tenant_id)
        .where('order_id', '=', r.order_id)
        .where('sealed_token', '=', r.sealed_token)
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    },
  }));
  return { places, last: rows.length === PAGE ? Number(rows[rows.length - 1]!.order_id) : null };
}

/**
 * `plain`: seal the values stored in plain text (the startup step). `all`: also re-seal
 * every value another key sealed (rotation; the sealer must hold that key as an older one).
 */
export async function sealStoredSecrets(db: Db, sealer: Sealer, scope: 'plain' | 'all'): Promise<SealReport> {
  const report: SealReport = { key_id: sealer.keyId, sealed_plain: 0, resealed: 0, already_current: 0, unreadable: [] };
  // The buyers' links are never stored in plain: only a rotation reads them.
  const buyerLinks = (d: Db, after: number) => buyerLinkPlaces(d, sealer, after);
  for (const pages of scope === 'all' ? [storeSettingsPlaces, webhookPlaces, buyerLinks] : [storeSettingsPlaces, webhookPlaces]) {
    for (let after: number | null = 0; after !== null; ) {
      const { places, last } = await pages(db, after);
      for (const place of places) await sealOne(place, sealer, scope, report);
      after = last;
    }
  }
  return report;
}

async function sealOne(place: Place, sealer: Sealer, scope: 'plain' | 'all', report: SealReport): Promise<void> {
  if (!isSealed(place.value)) {
    if (await place.replace(sealer.seal(place.value, place.binding))) report.sealed_plain++;
    return;
  }
  if (sealedKeyId(place.value) === sealer.keyId) {
    report.already_current++;
    return;
  }
  if (scope === 'plain') return;
  const opened = sealer.open(place.value, place.binding);
  if (!opened.ok) {
    report.unreadable.push({ table: place.table, column: place.column, row: place.row, reason: opened.message });
    return;
  }
  if (await place.replace(sealer.seal(opened.value, place.binding))) report.resealed++;
}
