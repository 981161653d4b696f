// What a process keeps for the form's view beacon (docs/insights.md "Form views"): the counter
// of views and the beacon's window per IP and store, both in this process's memory, so that a
// view writes nothing on its own (neither the database nor Redis).
import type { Db } from '../../lib/db/db.js';
import { createProcessLimiter, type Limiter, type WindowRule } from '../../lib/limits.js';
import { createViewCounter, type ViewCounter, type ViewCounterOptions } from './count-views.js';

// A page run sends one beacon; a buyer comparing a store's products or reloading stays far
// below it. Generous because Indonesian mobile carriers put many phones behind one address
// (CGNAT): a campaign's visitors may share an IP. A script that posts beacons is cut off here.
// Multiplied by RATE_LIMIT_SCALE, as every window.
export const VIEWS_PER_IP_AND_STORE: WindowRule = { points: 60, durationSec: 60 };

export interface FormViews {
  counter: ViewCounter;
  /** Keyed `{tenant id}:{ip}`. */
  perIpAndStore: Limiter;
}

export function createFormViews(db: Db, options: ViewCounterOptions & { rateLimitScale: number }): FormViews {
  return {
    counter: createViewCounter(db, options),
    perIpAndStore: createProcessLimiter('formViewsPerIpAndStore', VIEWS_PER_IP_AND_STORE, options.rateLimitScale),
  };
}
