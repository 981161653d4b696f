// The audit of the orders' CSV exports (issue 33 §3), on the settings page's audit log: who
// exported which view of the list, when, and how many rows. The owner's: the files hold buyers'
// personal data.
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../api/client';
import { ErrorNotice } from '../../components/ui/notice';
import { Card, Facts, Loading } from '../../components/ui/page';
import { formatDateTime } from '../../lib/format';
import { T } from '../../text/id';
import { statusName } from './status-word';
import { exportsQuery, type ExportEntry } from './use-order-files';

const E = T.orderFiles.exports;

/** The view as the seller reads it: "Status: Dibayar · Kurir: JNE"; no parameters: every order. */
function viewOf(query: ExportEntry['query']): string {
  const parts = Object.entries(query).map(([name, value]) => `${E.params[name] ?? name}: ${name === 'status' ? statusName(value) : value}`);
  return parts.length === 0 ? E.allOrders : parts.join(' · ');
}

export function ExportsAudit() {
  const exports = useQuery(exportsQuery);
  return (
    <Card title={E.title}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{E.lead}</p>
      {exports.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={exports.error as ApiError | null} />
      {exports.data?.length === 0 ? <p className="text-sm text-slate-700">{E.empty}</p> : null}
      <ul className="divide-y divide-slate-200" data-testid="exports-log">
        {exports.data?.map((entry) => (
          <li key={entry.id} className="py-2">
            <Facts
              items={[
                [E.who, entry.user.name],
                [E.when, formatDateTime(entry.created_at)],
                [E.rows, entry.finished ? entry.rows : E.unfinished(entry.rows)],
                [E.view, viewOf(entry.query), 'wide'],
              ]}
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}
