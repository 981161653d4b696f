// An order's risk as the list shows it (issue 43 §2): each flag not dismissed yet as a small
// outlined chip (apart from the filled status words), and the spam mark. Dismissed flags are
// left out of the row; the order's page shows them, greyed.
import { T } from '../../text/id';
import type { ListedOrder } from './use-orders';

/** A flag by its Indonesian name (any flag the server adds later: as it is named). */
export const flagName = (flag: string): string => T.risk.flags[flag] ?? flag;

export const FLAG_CHIP = 'inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-orange-400 bg-orange-50 px-2 py-0.5 text-xs font-semibold text-orange-950';
const SPAM_CHIP = 'inline-flex items-center whitespace-nowrap rounded-full border border-red-400 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-900';

export function FlagChips({ order, className = '' }: { order: Pick<ListedOrder, 'flags' | 'spam'>; className?: string }) {
  const open = order.flags.filter((flag) => flag.dismissed_at === null);
  if (open.length === 0 && !order.spam) return null;
  return (
    <ul aria-label={T.risk.rowFlags} className={`flex flex-wrap gap-1 ${className}`} data-testid="flag-chips">
      {order.spam ? (
        <li className={SPAM_CHIP}>{T.risk.spam}</li>
      ) : null}
      {open.map((flag) => (
        <li key={flag.flag} className={FLAG_CHIP} title={flag.reason}>
          <span aria-hidden="true">!</span>
          {flagName(flag.flag)}
        </li>
      ))}
    </ul>
  );
}
