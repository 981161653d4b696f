// Manual transfers: upload the bank statement (a bank's preset or a generic column mapping),
// see what matched as cards, tick and confirm, and see which orders became paid and which
// were skipped (docs/transfers.md). The file is read by the server and not kept.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { can, useMe } from '../../api/use-session';
import { Button, buttonClass } from '../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import { Badge, ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Facts, PageHeader } from '../../components/ui/page';
import { formatDate, formatDateTime, formatRupiah } from '../../lib/format';
import { T } from '../../text/id';
import { settingsQuery } from '../settings/use-settings';
import { BANKS, useConfirmTransfers, useMatchStatement, type Bank, type ConfirmResult, type Match, type Proposal, type StatementQuery } from './use-transfers';

type Credit = Match['credit'];
type Order = Match['order'];

const creditFacts = (credit: Credit): Array<[string, React.ReactNode] | [string, React.ReactNode, 'wide']> => [
  [T.transfers.date, formatDate(`${credit.date}T12:00:00Z`)],
  [T.transfers.amount, formatRupiah(credit.amount)],
  [T.transfers.description, credit.description, 'wide'],
];

function OrderFacts({ order }: { order: Order }) {
  return (
    <Facts
      items={[
        [T.transfers.buyer, order.customer_name],
        [T.transfers.total, formatRupiah(order.total)],
        [T.transfers.uniqueCode, order.unique_code ?? T.none],
        [T.transfers.status, T.transfers.statuses[order.status]],
        [T.transfers.placed, formatDateTime(order.created_at)],
      ]}
    />
  );
}

function StatementForm({ busy, onRead }: { busy: boolean; onRead(query: StatementQuery, csv: string): void }) {
  const [bank, setBank] = useState<Bank>('bca');
  const [days, setDays] = useState('7');
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const [mapping, setMapping] = useState({ date: '', description: '', credit: '', balance: '', date_format: 'dmy' as 'dmy' | 'ymd' | 'mdy' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setMissingFile(true);
    const query: StatementQuery = { bank, days: Number(days) || 7 };
    if (bank === 'generic') {
      Object.assign(query, { date: mapping.date, description: mapping.description, credit: mapping.credit, date_format: mapping.date_format });
      if (mapping.balance.trim() !== '') query.balance = mapping.balance;
    }
    onRead(query, await file.text());
  };

  return (
    <Card>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={T.transfers.file}
          hint={T.transfers.fileHint}
          type="file"
          accept=".csv,text/csv"
          error={missingFile ? T.transfers.chooseFile : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setMissingFile(false);
          }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={T.transfers.bank} value={bank} onChange={(e) => setBank(e.target.value as Bank)}>
            {BANKS.map((b) => (
              <option key={b} value={b}>
                {T.transfers.banks[b]}
              </option>
            ))}
          </SelectField>
          <TextField label={T.transfers.days} hint={T.transfers.daysHint} type="number" min={1} max={31} inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
        </div>
        {bank === 'generic' ? (
          <fieldset className="space-y-4 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">{T.transfers.mapping}</legend>
            <p className="text-sm text-slate-600">{T.transfers.mappingHint}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={T.transfers.columnDate} value={mapping.date} onChange={(e) => setMapping({ ...mapping, date: e.target.value })} />
              <TextField label={T.transfers.columnDescription} value={mapping.description} onChange={(e) => setMapping({ ...mapping, description: e.target.value })} />
              <TextField label={T.transfers.columnAmount} hint={T.transfers.columnAmountHint} value={mapping.credit} onChange={(e) => setMapping({ ...mapping, credit: e.target.value })} />
              <TextField label={T.transfers.columnBalance} value={mapping.balance} onChange={(e) => setMapping({ ...mapping, balance: e.target.value })} />
              <SelectField label={T.transfers.dateFormat} value={mapping.date_format} onChange={(e) => setMapping({ ...mapping, date_format: e.target.value as 'dmy' | 'ymd' | 'mdy' })}>
                {(['dmy', 'ymd', 'mdy'] as const).map((f) => (
                  <option key={f} value={f}>
                    {T.transfers.dateFormats[f]}
                  </option>
                ))}
              </SelectField>
            </div>
          </fieldset>
        ) : null}
        <Button type="submit" busy={busy}>
          {T.transfers.read}
        </Button>
      </form>
    </Card>
  );
}

function Section({ title, lead, children }: { title: string; lead?: string; children: React.ReactNode }) {
  return (
    <section className="space-y-3" aria-label={title}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {lead ? <p className="text-sm text-slate-700">{lead}</p> : null}
      {children}
    </section>
  );
}

/** Credits shown as cards under a heading (already applied, unmatched); nothing when there are none. */
function CreditCards({ title, items }: { title: string; items: Array<{ line: number; facts: ReturnType<typeof creditFacts> }> }) {
  if (items.length === 0) return null;
  return (
    <Section title={title}>
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.line}>
            <Card>
              <Facts items={item.facts} />
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ProposalView({ proposal, onConfirmed }: { proposal: Proposal; onConfirmed(results: ConfirmResult[]): void }) {
  const [ticked, setTicked] = useState<Set<number>>(() => new Set(proposal.matches.map((m) => m.line)));
  const confirm = useConfirmTransfers();
  const confirmTicked = () =>
    confirm.mutate(
      {
        bank: proposal.bank,
        items: proposal.matches.filter((m) => ticked.has(m.line)).map((m) => ({ order_id: m.order.id, status: m.order.status, credit: m.credit })),
      },
      { onSuccess: (data) => onConfirmed(data.results) },
    );

  if (proposal.errors.length > 0) {
    return (
      <Section title={T.transfers.errorsTitle} lead={T.transfers.errorsLead}>
        <ul className="space-y-2">
          {proposal.errors.map((e) => (
            <li key={`${e.line}-${e.message}`}>
              <Notice tone="error">
                <strong>{T.transfers.line(e.line)}</strong>: {e.message}
              </Notice>
            </li>
          ))}
        </ul>
      </Section>
    );
  }
  return (
    <div className="space-y-6">
      <Section title={T.transfers.matchesTitle} lead={proposal.matches.length > 0 ? T.transfers.matchesLead : T.transfers.noMatches}>
        <ul className="space-y-3">
          {proposal.matches.map((m) => (
            <li key={m.line}>
              <Card>
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <h3 className="text-base font-semibold">{T.transfers.order(m.order.id)}</h3>
                  <span className="text-sm text-slate-600">{T.transfers.line(m.line)}</span>
                </div>
                <Facts items={creditFacts(m.credit)} />
                <div className="mt-3 border-t border-slate-100 pt-3">
                  <OrderFacts order={m.order} />
                </div>
                <div className="mt-3">
                  <CheckboxField
                    label={T.transfers.tick(m.order.id)}
                    checked={ticked.has(m.line)}
                    onChange={(e) => {
                      const next = new Set(ticked);
                      if (e.target.checked) next.add(m.line);
                      else next.delete(m.line);
                      setTicked(next);
                    }}
                  />
                </div>
              </Card>
            </li>
          ))}
        </ul>
        {proposal.matches.length > 0 ? (
          <div className="space-y-2">
            <ErrorNotice error={confirm.error} />
            <Button busy={confirm.isPending} disabled={ticked.size === 0} onClick={confirmTicked}>
              {T.transfers.confirm(ticked.size)}
            </Button>
          </div>
        ) : null}
      </Section>
      {proposal.ambiguous.length > 0 ? (
        <Section title={T.transfers.ambiguousTitle} lead={T.transfers.ambiguousLead}>
          <ul className="space-y-3">
            {proposal.ambiguous.map((a) => (
              <li key={a.line}>
                <Card>
                  <Facts items={creditFacts(a.credit)} />
                  {a.orders.map((o) => (
                    <div key={o.id} className="mt-3 border-t border-slate-100 pt-3">
                      <h3 className="mb-2 text-sm font-semibold">{T.transfers.order(o.id)}</h3>
                      <OrderFacts order={o} />
                    </div>
                  ))}
                </Card>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <CreditCards title={T.transfers.appliedTitle} items={proposal.already_applied.map((a) => ({ line: a.line, facts: [...creditFacts(a.credit), [T.transfers.status, T.transfers.appliedOrder(a.order_id)]] }))} />
      <CreditCards title={T.transfers.unmatchedTitle} items={proposal.unmatched.map((u) => ({ line: u.line, facts: creditFacts(u.credit) }))} />
    </div>
  );
}

function Results({ results }: { results: ConfirmResult[] }) {
  return (
    <Section title={T.transfers.resultsTitle}>
      <ul className="space-y-3">
        {results.map((r, i) => (
          <li key={`${r.order_id}-${i}`}>
            <Card>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-base font-semibold">{T.transfers.order(r.order_id)}</h3>
                <Badge tone={r.outcome === 'paid' ? 'good' : 'warn'}>{r.outcome === 'paid' ? T.transfers.paid : T.transfers.skipped}</Badge>
              </div>
              {r.reason ? <p className="mt-2 text-sm text-slate-700">{T.transfers.reasons[r.reason]}</p> : null}
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** What the unique code does for matching, whether it is on, and the way to its switch (for those who may open the settings). */
function UniqueCodeCard() {
  const settings = can(useMe(), 'settings:manage');
  const current = useQuery({ ...settingsQuery, enabled: settings });
  const on = current.data?.unique_code;
  return (
    <Card title={T.transfers.uniqueCodeTitle}>
      <p className="text-sm text-slate-700">{T.transfers.uniqueCodeBody}</p>
      {on === undefined ? null : (
        <div className="mt-3 space-y-1">
          <Badge tone={on ? 'good' : 'warn'}>{on ? T.transfers.uniqueCodeOn : T.transfers.uniqueCodeOff}</Badge>
          {on ? null : <p className="text-sm text-slate-700">{T.transfers.uniqueCodeOffBody}</p>}
        </div>
      )}
      {settings ? (
        <Link to="/settings" hash="unique-code" className={buttonClass('secondary', 'mt-3')}>
          {T.transfers.uniqueCodeLink}
        </Link>
      ) : null}
    </Card>
  );
}

export function TransfersPage() {
  const [results, setResults] = useState<ConfirmResult[] | null>(null);
  const read = useMatchStatement();
  return (
    <>
      <PageHeader title={T.transfers.title} lead={T.transfers.lead} />
      <div className="space-y-6">
        <UniqueCodeCard />
        <StatementForm busy={read.isPending} onRead={(query, csv) => {
            setResults(null);
            read.mutate({ query, csv });
          }} />
        <ErrorNotice error={read.error} />
        {results ? <Results results={results} /> : read.data ? <ProposalView key={JSON.stringify(read.data.matches.map((m) => m.line))} proposal={read.data} onConfirmed={setResults} /> : null}
      </div>
    </>
  );
}
