// Beside the editor on a wide screen, below it otherwise: the form's plain link to share and the snippet, with copy buttons (a copy
// records the checklist's step) and a live preview of the real form, loaded with the editor and
// saying so until it shows.
import { useState } from 'react';
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
            <CopyField label={T.products.formLink} hint={T.products.formLinkHint} value={product.embed.form_url} onCopied={copied} />
            <CopyField label={T.products.snippet} hint={T.products.snippetHint} value={product.embed.iframe} onCopied={copied} />
            <CopyField label={T.products.snippetWithPixel} hint={T.products.snippetWithPixelHint} value={product.embed.iframe_with_pixel} onCopied={copied} />
          </div>
        ) : (
          <p className="text-sm text-slate-700">{T.products.snippetAfterSave}</p>
        )}
      </Card>
      {product ? (
        <Card title={T.products.previewTitle}>
          <FormPreview key={previewKey} product={product} />
        </Card>
      ) : null}
    </aside>
  );
}

/** The real form in a frame; a line says it is loading until the frame has loaded. */
function FormPreview({ product }: { product: Product }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="relative">
      {loaded ? null : (
        <p role="status" className="pointer-events-none absolute inset-x-0 top-0 z-10 flex h-40 items-center justify-center rounded-t-lg bg-slate-50 text-sm text-slate-700">
          {T.products.previewLoading}
        </p>
      )}
      <iframe src={product.embed.form_url} title={T.products.previewFrame(product.name)} onLoad={() => setLoaded(true)} className="h-[640px] w-full rounded-lg border border-slate-200" />
    </div>
  );
}
