// The order's whole history as a timeline, newest first (issue 32 §2): every status change,
// reason, assignment and edit, with who made it (a member's name, an API key's connector, the
// gateway, the form), when (in the store's time zone) and through what (the source). An order
// placed before orders recorded their creation ends with its creation made up from its date.
// A flag raised or checked and the spam mark (issue 43) are entries too, in words.
// Its automated messages (issue 41) stand among them at their time (sent, or due: a planned one
// above the rest), with their state, their reason and their text on demand.
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/notice';
import { Card } from '../../components/ui/page';
import { formatDateTime } from '../../lib/format';
import { formatWhatsApp } from '../../lib/phone';
import { T } from '../../text/id';
import { flagName } from './flag-chips';
import { statusName } from './status-word';
import { orderMessagesQuery, type HistoryEntry, type Order, type OrderMessage } from './use-orders';

const H = T.orders.history;
const M = T.messaging;

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
  // Risky orders (issue 43): a flag raised later, one checked, the spam mark with its reason.
  if (entry.field === 'flag') return T.risk.history.flag(flagName(entry.new_value ?? ''));
  if (entry.field === 'flag_dismissed') return T.risk.history.flagDismissed(flagName(entry.new_value ?? ''));
  if (entry.field === 'spam' || entry.field === 'spam_removed') {
    const said = entry.field === 'spam' ? T.risk.history.spam : T.risk.history.spamRemoved;
    return entry.new_value ? T.risk.history.why(said, entry.new_value) : said;
  }
  // A print (issue 44): "Label dicetak", "Invoice dicetak".
  if (entry.field === 'printed') return T.printing.history[entry.new_value ?? ''] ?? entry.field;
  if (entry.field === 'reason') return `${H.reason}: ${entry.new_value ?? H.empty}`;
  // The buyer's page link made anew (issue 44 §2): the link itself is never in the history.
  if (entry.field === 'buyer_link') return T.buyerPage.history;
  if (entry.field === 'follow_up') return `${entry.source === 'system' ? H.follow_up_auto : H.follow_up}: ${shown(entry, entry.new_value)}`;
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

/** A message's moment on the timeline: when it was sent, else when it goes next, else when it was due. */
const momentOf = (message: OrderMessage): string => message.sent_at ?? message.next_at ?? message.due_at;

const TONE: Record<string, 'good' | 'bad' | 'warn' | 'neutral'> = { sent: 'good', delivered: 'good', read: 'good', failed: 'bad', planned: 'warn', waiting_quiet_hours: 'warn' };

type Item = { kind: 'entry'; entry: HistoryEntry; at: number } | { kind: 'message'; message: OrderMessage; at: number };

export function OrderHistory({ order }: { order: Order }) {
  const messages = useQuery(orderMessagesQuery(order.id)).data ?? [];
  // Newest first; the history comes so, and a message goes before the entries of its own moment.
  const items: Item[] = [
    ...messages.map((message): Item => ({ kind: 'message', message, at: Date.parse(momentOf(message)) })),
    ...order.history.map((entry): Item => ({ kind: 'entry', entry, at: Date.parse(entry.created_at) })),
  ].sort((a, b) => b.at - a.at);
  return (
    <Card title={T.orders.historyTitle}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{T.orders.historyLead}</p>
      <ol className="relative space-y-4 border-l-2 border-slate-200 pl-4" data-testid="order-timeline">
        {items.map((item, index) =>
          item.kind === 'message' ? <MessageItem key={`m${item.message.id}`} message={item.message} /> : <EntryItem key={`h${index}`} entry={item.entry} />,
        )}
      </ol>
    </Card>
  );
}

function EntryItem({ entry }: { entry: HistoryEntry }) {
  return (
    <li className="relative">
      <span aria-hidden="true" className={`absolute -left-[23px] top-1.5 size-3 rounded-full border-2 border-white ${entry.field === 'status' || entry.field === 'created' ? 'bg-brand-700' : 'bg-slate-400'}`} />
      <p className="break-words text-sm font-semibold text-slate-900">{what(entry)}</p>
      <p className="text-xs text-slate-700">
        {[who(entry), formatDateTime(entry.created_at), entry.source ? T.orders.via(T.orders.sources[entry.source] ?? entry.source) : null]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {entry.synthesized ? <p className="text-xs text-slate-600">{H.createdGuess}</p> : null}
    </li>
  );
}

function MessageItem({ message }: { message: OrderMessage }) {
  const state = M.states[message.state] ?? message.state;
  const when = message.sent_at ? M.sentAt(formatDateTime(message.sent_at)) : M.dueAt(formatDateTime(message.next_at ?? message.due_at));
  return (
    <li className="relative" data-testid={`message-${message.step}`}>
      <span aria-hidden="true" className="absolute -left-[23px] top-1.5 size-3 rounded-full border-2 border-white bg-emerald-600" />
      <p className="flex flex-wrap items-center gap-2 break-words text-sm font-semibold text-slate-900">
        <span>{M.orderMessage(T.orders.followUp.stepNames[message.step] ?? message.step)}</span>
        <Badge tone={TONE[message.state] ?? 'neutral'}>{state}</Badge>
      </p>
      <p className="text-xs text-slate-700">{when}</p>
      {message.reason ? <p className="text-xs text-slate-700">{message.reason}</p> : null}
      {message.text ? (
        <details className="mt-1 text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-800 underline">{M.showText}</summary>
          <p className="whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-900">{message.text}</p>
        </details>
      ) : null}
    </li>
  );
}
