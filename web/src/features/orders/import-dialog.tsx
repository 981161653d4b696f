// "Impor CSV" (issue 33 §4, issue 40 §3): choose a file, the server checks it line by line (a dry
// run) and the dialog shows each line's outcome and what it changes (Dibayar → Dikirim, the resi
// before and after); "Terapkan" sends the same file again to apply it, and is enabled only when no
// line is refused and some line would change. The server changes nothing while a line is refused,
// whatever the page shows. "Tandai Dikirim bila resi diisi" is sent with both requests; changing
// it asks for a new check. The lines' list scrolls inside the dialog: the scrolling region takes
// the keyboard's focus and is named, so it can be read and scrolled without a pointer (axe's
// scrollable-region-focusable).
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { CheckboxField, TextField } from '../../components/ui/field';
import { Badge, ErrorNotice, Notice } from '../../components/ui/notice';
import { T } from '../../text/id';
import { statusName } from './status-word';
import { useImportOrders, type ImportLine, type ImportReport } from './use-order-files';

const F = T.orderFiles;
const TONE = { changed: 'good', unchanged: 'neutral', refused: 'bad' } as const;

/** "Status: Dibayar → Dikirim"; the arrow is read as "menjadi". */
function Change({ label, from, to }: { label: string; from: string; to: string }) {
  return (
    <p className="basis-full text-slate-800">
      <span className="text-slate-600">{label}: </span>
      <span className="break-all">{from}</span>
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> {F.becomes} </span>
      <span className="break-all font-medium">{to}</span>
    </p>
  );
}

/** What a changed line does to its order: the status and the resi that change, old → new. */
function Changes({ line }: { line: ImportLine }) {
  if (line.outcome !== 'changed' || !line.before || !line.after) return null;
  const { before, after } = line;
  return (
    <>
      {before.status !== after.status ? <Change label={F.statusChange} from={statusName(before.status)} to={statusName(after.status)} /> : null}
      {before.resi !== after.resi ? <Change label={F.resiChange} from={before.resi ?? F.noResi} to={after.resi ?? F.noResi} /> : null}
    </>
  );
}

function Lines({ report }: { report: ImportReport }) {
  const heading = useId();
  return (
    <div>
      <h3 id={heading} className="mb-2 text-sm font-semibold text-slate-900">
        {F.lines}
      </h3>
      {/* Focusable and named: a keyboard reaches and scrolls the list (axe scrollable-region-focusable). */}
      <div
        role="region"
        aria-labelledby={heading}
        tabIndex={0}
        className="max-h-72 overflow-y-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        data-testid="import-region"
      >
        <ul className="divide-y divide-slate-200" data-testid="import-lines">
          {report.lines.map((line: ImportLine) => (
            <li key={line.line} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <span className="w-16 shrink-0 text-slate-600">{F.line(line.line)}</span>
              <span className="min-w-0 flex-1 font-medium text-slate-900">{F.order(line.order)}</span>
              <Badge tone={TONE[line.outcome]}>{F.outcomes[line.outcome]}</Badge>
              <Changes line={line} />
              {line.message ? <p className="basis-full text-red-800">{line.message}</p> : null}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [csv, setCsv] = useState<string | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const [shipWithResi, setShipWithResi] = useState(false);
  const check = useImportOrders();
  const apply = useImportOrders();
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      check.reset();
      apply.reset();
      setCsv(null);
      setShipWithResi(false);
    }
  };
  const checked = check.data;
  const applied = apply.data;
  const shown = applied ?? checked;
  const canApply = !!checked && !applied && checked.refused === 0 && checked.changed > 0;

  return (
    <Dialog open={open} onOpenChange={close} title={F.importTitle} description={F.importLead}>
      <div className="space-y-4">
        <form
          className="space-y-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (csv === null) return setMissingFile(true);
            apply.reset();
            check.mutate({ csv, dryRun: true, shipWithResi });
          }}
        >
          <TextField
            label={F.file}
            hint={F.fileHint}
            type="file"
            accept=".csv,text/csv"
            error={missingFile ? F.chooseFile : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              setMissingFile(false);
              check.reset();
              apply.reset();
              setCsv(null);
              if (file) void file.text().then(setCsv);
            }}
          />
          <CheckboxField
            label={F.shipWithResi}
            hint={F.shipWithResiHint}
            checked={shipWithResi}
            onChange={(event) => {
              setShipWithResi(event.target.checked);
              // The check answered for the other choice: check again before applying.
              check.reset();
              apply.reset();
            }}
          />
          <Button type="submit" variant="secondary" busy={check.isPending}>
            {F.check}
          </Button>
        </form>
        <ErrorNotice error={check.error ?? apply.error} />
        {shown ? (
          <>
            <Notice tone={shown.refused > 0 && !applied ? 'warning' : applied ? 'success' : 'info'}>
              <p>{applied ? F.applied(applied.changed, applied.unchanged, applied.refused) : F.summary(shown.changed, shown.unchanged, shown.refused)}</p>
              {applied && applied.refused > 0 ? <p className="mt-1">{F.raced}</p> : null}
              {!applied && shown.refused > 0 ? <p className="mt-1">{F.applyBlocked}</p> : null}
              {!applied && shown.refused === 0 && shown.changed === 0 ? <p className="mt-1">{F.nothingToApply}</p> : null}
            </Notice>
            <Lines report={shown} />
          </>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            {applied ? T.close : T.cancel}
          </Button>
          {applied ? null : (
            <Button disabled={!canApply} busy={apply.isPending} onClick={() => csv !== null && apply.mutate({ csv, dryRun: false, shipWithResi })}>
              {F.apply}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
