// An order's status as a coloured word (issue 32 §1): its Indonesian name (T.orderStatus) on
// the colour of its kind, so a long list can be read at a glance; the word carries the meaning
// and the colour only helps (each pair keeps WCAG's 4.5:1 contrast).
import { T } from '../../text/id';
import type { OrderStatus } from './orders-search';

// Read with any text the server sends (history values too); written for exactly the schema's statuses.
const COLOURS: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-950',
  closing: 'bg-sky-100 text-sky-900',
  paid: 'bg-teal-100 text-teal-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
  invalid_no_hp: 'bg-red-100 text-red-900',
} satisfies Record<OrderStatus, string>;

export const statusName = (status: string): string => T.orderStatus[status] ?? status;

export function StatusWord({ status }: { status: string }) {
  return <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLOURS[status] ?? COLOURS.cancelled}`}>{statusName(status)}</span>;
}
