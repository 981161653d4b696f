// The unique code added to a bank transfer order's total, so that the statement's line finds its order.
import { useState } from 'react';
import { CheckboxField } from '../../components/ui/field';
import { Badge } from '../../components/ui/notice';
import { Card } from '../../components/ui/page';
import { T } from '../../text/id';
import { SectionForm, SensitiveBadge, type SensitiveProps } from './section-form';

const S = T.settings;

export function UniqueCodeSection({ settings, owner, onSave, saved = false }: SensitiveProps) {
  const [on, setOn] = useState(settings.unique_code);
  if (!owner) {
    return (
      <Card title={S.uniqueCode.title}>
        <p className="mb-3 text-sm text-slate-700">{S.ownerOnly}</p>
        <Badge tone={settings.unique_code ? 'good' : 'neutral'}>{settings.unique_code ? S.uniqueCode.on : S.uniqueCode.off}</Badge>
      </Card>
    );
  }
  return (
    <SectionForm title={S.uniqueCode.title} badge={<SensitiveBadge />} busy={false} error={null} saved={saved} onSubmit={() => onSave({ unique_code: on })}>
      <CheckboxField label={S.uniqueCode.label} hint={S.uniqueCode.hint} checked={on} onChange={(e) => setOn(e.target.checked)} />
    </SectionForm>
  );
}
