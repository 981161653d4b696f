// A section of the settings page: its card, its form, the answer of its last save and its Save
// button. The sections an owner alone changes carry a badge and save through the password dialog.
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Badge, ErrorNotice, Notice } from '../../components/ui/notice';
import { Card } from '../../components/ui/page';
import { T } from '../../text/id';
import type { SensitiveChange, Settings } from './use-settings';

const S = T.settings;

/** What a section the owner alone changes is given: its save asks for the password (the page's dialog). */
export interface SensitiveProps {
  settings: Settings;
  owner: boolean;
  onSave(change: SensitiveChange): void;
  /** The password dialog has just saved this section's change: its confirmation shows here, beside the section, not at the page's top. */
  saved?: boolean;
}

/** A section's form: its fields, the answer of its last save, and its Save button. */
export function SectionForm({ title, badge, lead, onSubmit, busy, error, saved, children, submit = true }: {
  title: string;
  badge?: ReactNode;
  lead?: ReactNode;
  onSubmit(): void;
  busy: boolean;
  error: ApiError | null;
  saved: boolean;
  children: ReactNode;
  submit?: boolean;
}) {
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {badge}
      </div>
      {lead ? <p className="-mt-2 mb-3 text-sm text-slate-700">{lead}</p> : null}
      <form
        className="space-y-4"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {error && error.code !== 'invalid_request' ? <ErrorNotice error={error} /> : null}
        {saved ? <SavedNotice /> : null}
        {submit ? (
          <div>
            <Button type="submit" busy={busy}>
              {T.save}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

/** "Saved", brought into view where it shows: after the password dialog closes the page may sit elsewhere. */
function SavedNotice() {
  const ref = useRef<HTMLDivElement>(null);
  // Braces: a newer Chromium's scrollIntoView answers a promise, which React would take for a cleanup.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={ref} className="scroll-mb-4">
      <Notice tone="success">{S.saved}</Notice>
    </div>
  );
}

export const SensitiveBadge = () => <Badge tone="warn">{S.sensitiveBadge}</Badge>;
