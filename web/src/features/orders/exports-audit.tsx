// The audit of the orders' CSV exports (issue 33 §3), on the settings page's audit log: who
// exported which view of the list, when, and how many rows. The owner's: the files hold buyers'
// personal data.
import { useQuery } from '@tanstack/react-query';
import { LogCard } from '../../components/ui/log-card';
import { formatDateTime } from '../../lib/format';
import { T } from '../../text/id';
import { statusName } from './status-word';
import { exportsQuery, type ExportEntry } from './use-order-files';

const E = T.orderFiles.exports;

/** A parameter as the seller reads it: states and flags by their names, the spam tab by its own. */
function partOf(name: string, value: string): string {
  if (name === 'spam') return T.risk.spamTab;
  const shown = name === 'status' ? statusName(value) : name === 'flag' ? (value === 'any' ? T.risk.anyFlag : (T.risk.flags[value] ?? value)) : value;
  return `${E.params[name] ?? name}: ${shown}`;
}

/** The view as the seller reads it: "Status: Dibayar · Kurir: JNE"; no parameters: every order. */
function viewOf(query: ExportEntry['query']): string {
  const parts = Object.entries(query).map(([name, value]) => partOf(name, value));
  return parts.length === 0 ? E.allOrders : parts.join(' · ');
}

export function ExportsAudit() {
  const exports = useQuery(exportsQuery);
  return (
    <LogCard
      title={E.title}
      lead={E.lead}
      empty={E.empty}
      testId="exports-log"
      log={exports}
      facts={(entry) => [
        [E.who, entry.user.name],
        [E.when, formatDateTime(entry.created_at)],
        [E.rows, entry.finished ? entry.rows : E.unfinished(entry.rows)],
        [E.view, viewOf(entry.query), 'wide'],
      ]}
    />
  );
}
