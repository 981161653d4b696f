// The order's whole history as a timeline, newest first (issue 32 §2): every status change,
// reason, assignment and edit, with who made it (a member's name, an API key's connector, the
// gateway, the form), when (in the store's time zone) and through what (the source). An order
// placed before orders recorded their creation ends with its creation made up from its date.
import { Card } from '../../components/ui/page';
import { formatDateTime } from '../../lib/format';
import { formatWhatsApp } from '../../lib/phone';
import { T } from '../../text/id';
import { statusName } from './status-word';
import type { HistoryEntry, Order } from './use-orders';

const H = T.orders.history;

/** A value as the page shows it: states by their names, phones as written in Indonesia. */
function shown(entry: HistoryEntry, value: string | null): string {
  if (value === null || value === '') return H.empty;
  if (entry.field === 'status') return statusName(value);
  if (entry.field === 'customer.phone') return formatWhatsApp(value);
  if (entry.field === 'follow_up') return T.orders.followUp.stepNames[value] ?? value;
  return value;
}

/** What the entry tells, in a line. */
function what(entry: HistoryEntry): string {
  if (entry.field === 'created') return H.created(entry.new_value ? statusName(entry.new_value) : null);
  if (entry.field === 'reason') return `${H.reason}: ${entry.new_value ?? H.empty}`;
  if (entry.field === 'follow_up') return `${H.follow_up}: ${shown(entry, entry.new_value)}`;
  const label = entry.field.startsWith('customer.')
    ? (H.customer[entry.field.slice('customer.'.length)] ?? entry.field)
    : ({ status: H.status, assigned_to: H.assigned_to, courier: H.courier, resi: H.resi } as Record<string, string>)[entry.field] ?? entry.field;
  return `${label}: ${H.change(shown(entry, entry.old_value), shown(entry, entry.new_value))}`;
}

/** Who made the change; none when the actor is only the source's name again (`cli` through the CLI, `form` through the form). */
const who = (entry: HistoryEntry): string | null => {
  // The CS rotation's assignments (source `system`, no member behind them) say how the order was shared out.
  const rotation = entry.source === 'system' && entry.actor ? T.orders.rotationActors[entry.actor] : undefined;
  if (rotation) return rotation;
  return entry.actor && entry.actor.toLowerCase() !== entry.source ? T.orders.by(entry.actor) : null;
};

export function OrderHistory({ order }: { order: Order }) {
  return (
    <Card title={T.orders.historyTitle}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{T.orders.historyLead}</p>
      <ol className="relative space-y-4 border-l-2 border-slate-200 pl-4">
        {order.history.map((entry, index) => (
          <li key={index} className="relative">
            <span aria-hidden="true" className={`absolute -left-[23px] top-1.5 size-3 rounded-full border-2 border-white ${entry.field === 'status' || entry.field === 'created' ? 'bg-brand-700' : 'bg-slate-400'}`} />
            <p className="break-words text-sm font-semibold text-slate-900">{what(entry)}</p>
            <p className="text-xs text-slate-700">
              {[who(entry), formatDateTime(entry.created_at), entry.source ? T.orders.via(T.orders.sources[entry.source] ?? entry.source) : null]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {entry.synthesized ? <p className="text-xs text-slate-600">{H.createdGuess}</p> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
