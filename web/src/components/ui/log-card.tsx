// A log the owner reads on the settings page (the sensitive settings' changes, the orders'
// exports): a card with its lead, the entries newest first as facts, and what shows while they
// load, when they fail, and when there are none.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '../../api/client';
import { T } from '../../text/id';
import { ErrorNotice } from './notice';
import { Card, Facts, Loading } from './page';

type FactItems = Parameters<typeof Facts>[0]['items'];

export function LogCard<E extends { id: number }>({
  title,
  lead,
  empty,
  testId,
  log,
  facts,
}: {
  title: string;
  lead: string;
  empty: string;
  testId: string;
  log: UseQueryResult<E[], unknown>;
  facts: (entry: E) => FactItems;
}) {
  return (
    <Card title={title}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{lead}</p>
      {log.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={log.error as ApiError | null} />
      {log.data?.length === 0 ? <p className="text-sm text-slate-700">{empty}</p> : null}
      <ul className="divide-y divide-slate-200" data-testid={testId}>
        {log.data?.map((entry) => (
          <li key={entry.id} className="py-2">
            <Facts items={facts(entry)} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
