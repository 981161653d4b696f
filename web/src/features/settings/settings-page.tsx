// The store's settings: store name and WhatsApp, payment methods, bank accounts and gateway
// credentials, shipping rates, the two messages and the follow-up messages with a live preview, the time zone, the
// blocked phones and the burst thresholds of risky orders (issue 43), the unique-code switch, and the audit log, each section in its own file. Owner and admin
// (settings:manage); the sections marked sensitive only the owner changes, with the password
// again (a dialog this page holds).
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import type { ApiError } from '../../api/client';
import { can, useMe } from '../../api/use-session';
import { ErrorNotice } from '../../components/ui/notice';
import { Loading, PageHeader } from '../../components/ui/page';
import { T } from '../../text/id';
import { AuditSection } from './audit-section';
import { AutoCancelSection } from './auto-cancel-section';
import { BankSection } from './bank-section';
import { CredentialsSection } from './credentials-section';
import { FollowUpsSection } from './follow-ups-section';
import { MessagesSection } from './messages-section';
import { PasswordDialog } from './password-dialog';
import { PaymentSection } from './payment-section';
import { RatesSection } from './rates-section';
import { BlockedPhonesSection, BurstSection } from './risk-section';
import { SenderSection } from './sender-section';
import { StoreSection } from './store-section';
import { TimeZoneSection } from './time-zone-section';
import { UniqueCodeSection } from './unique-code-section';
import { settingsQuery, type SensitiveChange, type SettingsSection } from './use-settings';

const S = T.settings;

/** The sections whose save asks for the password again. */
type SensitiveSection = Extract<SettingsSection, 'banks' | 'credentials' | 'unique-code'>;

/** A section's place on the page, for links from other pages (`/settings#shipping`); it stops clear of the sticky header. */
function Anchor({ id, children }: { id: SettingsSection; children: ReactNode }) {
  return (
    <div id={id} className="scroll-mt-20">
      {children}
    </div>
  );
}

export function SettingsPage() {
  const me = useMe();
  const settings = useQuery(settingsQuery);
  const hash = useLocation({ select: (location) => location.hash });
  const loaded = settings.data !== undefined;
  // The sections exist once the settings have loaded: only then can a link's section be brought into view.
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash)?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  const owner = can(me, 'settings:sensitive');
  // The change waiting for the password, and the section that asked: its confirmation shows there.
  const [pending, setPending] = useState<{ section: SensitiveSection; change: SensitiveChange } | null>(null);
  const [savedSection, setSavedSection] = useState<SensitiveSection | null>(null);
  // Bumped by each confirmed sensitive save: those sections start again from what is stored.
  const [version, setVersion] = useState(0);
  const askPassword = (section: SensitiveSection) => (change: SensitiveChange) => {
    setSavedSection(null);
    setPending({ section, change });
  };
  return (
    <>
      <PageHeader title={S.title} lead={S.lead} />
      {settings.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={settings.error as ApiError | null} />
      {settings.data ? (
        <div className="space-y-5">
          <Anchor id="store">
            <StoreSection settings={settings.data} />
          </Anchor>
          <Anchor id="payment">
            <PaymentSection settings={settings.data} />
          </Anchor>
          <Anchor id="banks">
            <BankSection key={`banks-${version}`} settings={settings.data} owner={owner} onSave={askPassword('banks')} saved={savedSection === 'banks'} />
          </Anchor>
          <Anchor id="credentials">
            <CredentialsSection key={`credentials-${version}`} settings={settings.data} owner={owner} onSave={askPassword('credentials')} saved={savedSection === 'credentials'} />
          </Anchor>
          <Anchor id="shipping">
            <RatesSection settings={settings.data} />
          </Anchor>
          <Anchor id="sender">
            <SenderSection settings={settings.data} />
          </Anchor>
          <Anchor id="auto-cancel">
            <AutoCancelSection settings={settings.data} />
          </Anchor>
          <Anchor id="messages">
            <MessagesSection settings={settings.data} />
          </Anchor>
          <Anchor id="follow-ups">
            <FollowUpsSection />
          </Anchor>
          <Anchor id="time-zone">
            <TimeZoneSection settings={settings.data} />
          </Anchor>
          <Anchor id="blocked-phones">
            <BlockedPhonesSection />
          </Anchor>
          <Anchor id="burst">
            <BurstSection />
          </Anchor>
          <Anchor id="unique-code">
            <UniqueCodeSection key={`unique-${version}`} settings={settings.data} owner={owner} onSave={askPassword('unique-code')} saved={savedSection === 'unique-code'} />
          </Anchor>
          {owner ? (
            <Anchor id="audit">
              <AuditSection />
            </Anchor>
          ) : null}
        </div>
      ) : null}
      <PasswordDialog
        change={pending?.change ?? null}
        onDone={(saved) => {
          setSavedSection(saved ? (pending?.section ?? null) : null);
          setPending(null);
          if (saved) setVersion((v) => v + 1);
        }}
      />
    </>
  );
}
