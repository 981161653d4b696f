// The 422s of the list's filters as the dashboard answers them, shared by every dashboard route
// that reads the list's query: the list and its counts, the CSV export, and the bulk actions
// that name their orders by a view (chosen-orders.ts).
import { invalid } from '../../../dashboard/route.js';
import { dashboardFailure, type DashboardFailure } from '../../../lib/http/failures.js';
import { DASHBOARD_FIELD_TEXT } from '../../../lib/http/messages.js';
import type { Refusal } from '../../../lib/outcome.js';
import type { FilterCode } from './order-filters.js';

/** A refusal of the filters as the dashboard answers it; `at` prefixes the field (`query.` where a body holds the list's query). */
export function filterRefusal(refusal: Refusal<FilterCode>, at = ''): DashboardFailure {
  switch (refusal.code) {
    case 'query_too_short':
      return dashboardFailure('query_too_short');
    case 'invalid_from':
      return invalid({ [`${at}from`]: DASHBOARD_FIELD_TEXT.day });
    case 'invalid_to':
      return invalid({ [`${at}to`]: DASHBOARD_FIELD_TEXT.day });
    case 'dates_reversed':
      return invalid({ [`${at}from`]: DASHBOARD_FIELD_TEXT.dayRange });
  }
}
