// A one-time link (invitation or password reset), shown once: copy it, or send it by WhatsApp.
import { buttonClass, Button } from '../../components/ui/button';
import { CopyField } from '../../components/ui/copy-field';
import { Dialog } from '../../components/ui/dialog';
import { Notice } from '../../components/ui/notice';
import { formatDateTime } from '../../lib/format';
import { waShareLink } from '../../lib/wa-link';
import { T } from '../../text/id';

export interface OneTimeLink {
  title: string;
  lead: string;
  url: string;
  expiresAt: string;
  message: string;
}

export function LinkDialog({ link, onClose }: { link: OneTimeLink | null; onClose(): void }) {
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && onClose()} title={link?.title ?? ''} description={link?.lead}>
      {link ? (
        <div className="space-y-4">
          <Notice tone="warning">{T.showOnce}</Notice>
          <CopyField label={link.title} value={link.url} />
          <p className="text-sm text-slate-700">
            {T.team.expires}: {formatDateTime(link.expiresAt)}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <a href={waShareLink(link.message)} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
              {T.sendViaWhatsApp}
            </a>
            <Button onClick={onClose}>{T.close}</Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
