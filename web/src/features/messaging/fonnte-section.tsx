// Fonnte's part of "Pesan otomatis" (issue 42 §3): the warning that it is unofficial and can get
// the number banned, the owner's acceptance of that risk (the server refuses Fonnte without it),
// the device token (the owner, with the password), the daily cap (saved with the page), and the
// webhook address to set in Fonnte with "Buat alamat baru", which replaces its secret.
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { CopyField } from '../../components/ui/copy-field';
import { ConfirmDialog } from '../../components/ui/dialog';
import { CheckboxField, TextField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { T } from '../../text/id';
import { TokenField } from './token-field';
import { useRotateFonnteSecret, type Automation } from './use-messaging';

const F = T.messaging.fonnte;

export interface FonnteDraft {
  acceptedRisk: boolean;
  dailyCap: string;
}

/** The anchor of Fonnte's part, which the notice of a disconnected phone leads to. */
export const FONNTE_ANCHOR = 'fonnte';

export function FonnteSection({ saved, draft, onChange, fields }: { saved: Automation['fonnte']; draft: FonnteDraft; onChange(draft: FonnteDraft): void; fields: Record<string, string> }) {
  return (
    <section id={FONNTE_ANCHOR} aria-labelledby="fonnte-title" className="scroll-mt-20 space-y-4">
      <h3 id="fonnte-title" className="text-base font-semibold">
        {F.title}
      </h3>
      <Notice tone="warning">{F.warning}</Notice>
      <div>
        <CheckboxField label={F.accept} checked={draft.acceptedRisk} onChange={(e) => onChange({ ...draft, acceptedRisk: e.target.checked })} aria-invalid={fields['fonnte.accepted_risk'] ? true : undefined} />
        {fields['fonnte.accepted_risk'] ? <p className="mt-1 text-sm font-medium text-red-700">{fields['fonnte.accepted_risk']}</p> : null}
      </div>
      <TokenField id="fonnte-token" name="fonnte_token" label={F.token} hint={F.tokenHint} set={saved.token === 'set'} />
      <div className="max-w-xs">
        <TextField
          label={F.dailyCap}
          hint={F.dailyCapHint}
          type="number"
          inputMode="numeric"
          min={1}
          max={5000}
          value={draft.dailyCap}
          onChange={(e) => onChange({ ...draft, dailyCap: e.target.value })}
          error={fields['fonnte.daily_cap']}
        />
      </div>
      <Webhook url={saved.webhook_url} />
    </section>
  );
}

function Webhook({ url }: { url: string | null }) {
  const rotate = useRotateFonnteSecret();
  const [asking, setAsking] = useState(false);
  if (url === null) return <p className="text-sm text-slate-700">{F.webhookNone}</p>;
  return (
    <div className="space-y-2">
      <CopyField label={F.webhook} hint={F.webhookHint} value={url} />
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {F.rotate}
      </Button>
      {rotate.isSuccess ? <Notice tone="success">{F.rotated}</Notice> : null}
      <ErrorNotice error={rotate.error} />
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={F.rotateTitle}
        description={F.rotateBody}
        confirmLabel={F.rotate}
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate(undefined, { onSettled: () => setAsking(false) })}
      />
    </div>
  );
}
