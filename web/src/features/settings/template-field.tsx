// A message template with its live preview, rendered by the server's own renderer (POST
// /dashboard/api/templates/preview) a moment after typing stops.
import { useQuery } from '@tanstack/react-query';
import { TextAreaField } from '../../components/ui/field';
import { useDebounced } from '../../lib/use-debounced';
import { T } from '../../text/id';
import { previewQuery, type TemplateKind } from './use-settings';

export function TemplateField(props: { kind: TemplateKind; label: string; hint: string; value: string; placeholder: string; timeZone: string | null; error?: string; onChange(value: string): void }) {
  const settled = useDebounced(props.value, 400);
  const preview = useQuery(previewQuery(props.kind, settled, props.timeZone));
  const unknown = preview.data?.unknown_placeholders ?? [];
  return (
    <div className="space-y-2">
      <TextAreaField label={props.label} hint={props.hint} value={props.value} placeholder={props.placeholder} maxLength={1000} error={props.error ?? (unknown.length > 0 ? T.settings.messages.unknown(unknown) : undefined)} onChange={(e) => props.onChange(e.target.value)} />
      <figure className="rounded-lg border border-slate-200 bg-slate-50 p-3">
        <figcaption className="text-xs font-semibold uppercase tracking-wide text-slate-600">{T.settings.messages.preview}</figcaption>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900" data-testid={`preview-${props.kind}`} aria-live="polite">
          {preview.data?.text ?? T.settings.messages.previewLoading}
        </p>
      </figure>
    </div>
  );
}
