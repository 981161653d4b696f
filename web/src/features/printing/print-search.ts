// The print page's address: /dashboard/orders/print?kind=labels|invoices&ids=1,2,3 (issue 44 §1).
// A kind or ids of another form print nothing (the page says so) instead of an error.
import type { PrintKind } from './use-printing';

export interface PrintSearch {
  kind: PrintKind;
  /** Comma-separated order ids, in print order; '' none. */
  ids: string;
  /** The list's view held more orders than one print takes: the page says only the first were taken. */
  more?: boolean;
}

const IDS = /^[1-9]\d{0,15}(,[1-9]\d{0,15})*$/;

export function readPrintSearch(search: Record<string, unknown>): PrintSearch {
  const ids = typeof search.ids === 'string' ? search.ids : typeof search.ids === 'number' ? String(search.ids) : '';
  return { kind: search.kind === 'invoices' ? 'invoices' : 'labels', ids: IDS.test(ids) ? ids : '', ...(search.more === true || search.more === 'true' ? { more: true } : {}) };
}
