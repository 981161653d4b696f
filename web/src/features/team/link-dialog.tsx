// A one-time link (invitation or password reset), shown once: copy it, or send it by WhatsApp.
import { buttonClass } from '../../components/ui/button';
import { Dialog, ShownOnce } from '../../components/ui/dialog';
import { formatDateTime } from '../../lib/format';
import { waChatLink, waShareLink } from '../../lib/wa-link';
import { T } from '../../text/id';

export interface OneTimeLink {
  title: string;
  lead: string;
  url: string;
  expiresAt: string;
  message: string;
  /** The WhatsApp number (62...) it goes to: the send button opens that chat; without one, WhatsApp asks whom. */
  whatsappNumber?: string | null;
}

export function LinkDialog({ link, onClose }: { link: OneTimeLink | null; onClose(): void }) {
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && onClose()} title={link?.title ?? ''} description={link?.lead}>
      {link ? (
        <ShownOnce
          warning={T.showOnce}
          label={link.title}
          value={link.url}
          onClose={onClose}
          actions={
            <a href={link.whatsappNumber ? `${waChatLink(link.whatsappNumber)}?text=${encodeURIComponent(link.message)}` : waShareLink(link.message)} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
              {T.sendViaWhatsApp}
            </a>
          }
        >
          <p className="text-sm text-slate-700">
            {T.team.expires}: {formatDateTime(link.expiresAt)}
          </p>
        </ShownOnce>
      ) : null}
    </Dialog>
  );
}
