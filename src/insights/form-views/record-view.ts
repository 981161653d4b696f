// One view of a product's order form, as its beacon reports it (POST /form/{tenant_id}/{slug}/view,
// view-routes.ts). Checked in this order: a body that cannot be stored (U+0000) is refused; the
// window per IP and store (in this process); the store must be active and the product in it,
// found by its slug or a former one (a deleted product's form is gone, as the form page says).
// The view is counted in memory with the visit's utm_source and utm_campaign read as the order
// form reads an order's (form/ad-params.ts: trimmed, cut to 500), so that a view's UTM key is
// the key of the orders of the same visit.
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../lib/db/db.js';
import { pickAdParams } from '../../form/ad-params.js';
import { loadFormProduct } from '../../form/load-form.js';
import type { FormViews } from './form-views.js';

export type ViewOutcome =
  | { kind: 'counted' }
  | { kind: 'refused' }
  | { kind: 'limited'; retryAfter: number }
  | { kind: 'not_found' }
  | { kind: 'gone' };

export interface ViewInput {
  tenantId: number;
  slug: string;
  ip: string;
  /** The beacon's body: application/x-www-form-urlencoded (utm_source, utm_campaign). */
  body: string;
}

export async function recordView(deps: { db: Db; clock: Clock; formViews: FormViews }, input: ViewInput): Promise<ViewOutcome> {
  const params = new URLSearchParams(input.body);
  // No browser sends U+0000, and no key of the counter may hold it (count-views.ts).
  if (input.body.includes('\u0000') || [...params.values()].some((value) => value.includes('\u0000'))) return { kind: 'refused' };
  const limited = await deps.formViews.perIpAndStore.consume(`${input.tenantId}:${input.ip}`);
  if (!limited.ok) return { kind: 'limited', retryAfter: limited.retryAfter };
  // A slug holding U+0000 names no product: PostgreSQL could not even compare it.
  const found = input.slug.includes('\u0000') ? null : await loadFormProduct(deps.db, input.tenantId, input.slug);
  if (!found) return { kind: 'not_found' };
  if (found.product.deleted_at !== null) return { kind: 'gone' };
  const utm = pickAdParams(params.entries());
  deps.formViews.counter.count(input.tenantId, found.product.id, deps.clock.now(), utm.utm_source ?? '', utm.utm_campaign ?? '');
  return { kind: 'counted' };
}
