// Who changed which sensitive setting, and when (never the value), and who exported orders
// (the orders' own component). The owner's.
import { useQuery } from '@tanstack/react-query';
import { LogCard } from '../../components/ui/log-card';
import { formatDateTime } from '../../lib/format';
import { T } from '../../text/id';
import { ExportsAudit } from '../orders/exports-audit';
import { auditQuery } from './use-settings';

const S = T.settings;

export function AuditSection() {
  const audit = useQuery(auditQuery);
  return (
    <div className="space-y-5">
      <LogCard
        title={S.audit.title}
        lead={S.audit.lead}
        empty={S.audit.empty}
        testId="audit-log"
        log={audit}
        facts={(entry) => [
          [S.audit.what, S.audit.fields[entry.field] ?? entry.field],
          [S.audit.who, entry.user.name],
          [S.audit.when, formatDateTime(entry.created_at)],
        ]}
      />
      <ExportsAudit />
    </div>
  );
}
