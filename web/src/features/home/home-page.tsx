import { useMe } from '../../api/session';
import { PageHeader } from '../../components/ui/page';
import { T } from '../../text/id';

export function HomePage() {
  const me = useMe();
  return <PageHeader title={T.home.title(me.user.name)} lead={T.home.checklistLead} />;
}
