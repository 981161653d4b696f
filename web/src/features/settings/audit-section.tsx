// Who changed which sensitive setting, and when (never the value), and who exported orders
// (the orders' own component). The owner's.
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../api/client';
import { ErrorNotice } from '../../components/ui/notice';
import { Card, Facts, Loading } from '../../components/ui/page';
import { formatDateTime } from '../../lib/format';
import { T } from '../../text/id';
import { ExportsAudit } from '../orders/exports-audit';
import { auditQuery } from './use-settings';

const S = T.settings;

export function AuditSection() {
  const audit = useQuery(auditQuery);
  return (
    <div className="space-y-5">
      <Card title={S.audit.title}>
        <p className="-mt-2 mb-3 text-sm text-slate-700">{S.audit.lead}</p>
        {audit.isPending ? <Loading label={T.loading} /> : null}
        <ErrorNotice error={audit.error as ApiError | null} />
        {audit.data?.length === 0 ? <p className="text-sm text-slate-700">{S.audit.empty}</p> : null}
        <ul className="divide-y divide-slate-200" data-testid="audit-log">
          {audit.data?.map((entry) => (
            <li key={entry.id} className="py-2">
              <Facts
                items={[
                  [S.audit.what, S.audit.fields[entry.field] ?? entry.field],
                  [S.audit.who, entry.user.name],
                  [S.audit.when, formatDateTime(entry.created_at)],
                ]}
              />
            </li>
          ))}
        </ul>
      </Card>
      <ExportsAudit />
    </div>
  );
}
