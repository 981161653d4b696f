// Beside the editor on a desktop, below it on a phone: the snippet with its copy buttons (a copy
// records the checklist's step) and a live preview of the real form.
import { useSnippetCopied } from '../home/use-home';
import { CopyField } from '../../components/ui/copy-field';
import { Card } from '../../components/ui/page';
import { T } from '../../text/id';
import type { Product } from './use-products';

/** `previewKey` changes after each save, so that the preview shows the form as saved. */
export function SnippetAside({ product, manage, previewKey }: { product: Product | null; manage: boolean; previewKey: number }) {
  const snippetCopied = useSnippetCopied();
  const copied = manage ? () => snippetCopied.mutate() : undefined;
  return (
    <aside className="min-w-0 space-y-5">
      <Card title={T.products.snippetTitle}>
        {product ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{T.products.snippetLead}</p>
            <CopyField label={T.products.snippet} value={product.embed.iframe} onCopied={copied} />
            <CopyField label={T.products.snippetWithPixel} value={product.embed.iframe_with_pixel} onCopied={copied} />
          </div>
        ) : (
          <p className="text-sm text-slate-700">{T.products.snippetAfterSave}</p>
        )}
      </Card>
      {product ? (
        <Card title={T.products.previewTitle}>
          <iframe key={previewKey} src={product.embed.form_url} title={T.products.previewFrame(product.name)} className="h-[640px] w-full rounded-lg border border-slate-200" loading="lazy" />
        </Card>
      ) : null}
    </aside>
  );
}
