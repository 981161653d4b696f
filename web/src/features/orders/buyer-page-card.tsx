// The buyer's own order page (/p/{token}, issue 44 §2) on the order's page: what it is, and a new
// link after a confirmation (the old one stops at once). The new link is shown once here to copy
// and open; messages that use {link_pesanan} carry it from then on.
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { CopyField } from '../../components/ui/copy-field';
import { ConfirmDialog } from '../../components/ui/dialog';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Card } from '../../components/ui/page';
import { T } from '../../text/id';
import { useRegenerateBuyerLink } from './use-buyer-page';
import type { Order } from './use-orders';

const B = T.buyerPage;

export function BuyerPageCard({ order }: { order: Order }) {
  const regenerate = useRegenerateBuyerLink(order.id);
  const [asking, setAsking] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  return (
    <Card title={B.title}>
      <div className="space-y-3" data-testid="buyer-page-card">
        <p className="text-sm text-slate-700">{B.lead}</p>
        {url ? (
          <>
            <Notice tone="success">{B.made}</Notice>
            <CopyField label={B.newLink} value={url} />
            <a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline">
              {B.open} ↗
            </a>
          </>
        ) : null}
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {B.regenerate}
        </Button>
        <ErrorNotice error={regenerate.error} />
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={B.confirmTitle(order.id)}
        description={B.confirmLead}
        confirmLabel={B.regenerate}
        busy={regenerate.isPending}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: (made) => {
              setUrl(made.url);
              setAsking(false);
            },
            onError: () => setAsking(false),
          })
        }
      />
    </Card>
  );
}
