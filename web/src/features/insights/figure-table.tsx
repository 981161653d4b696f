// The parts every section of the insights page shares: a section's card with its CSV link, and
// the table of a chart's numbers behind a disclosure (a real <table>, scrolling sideways on a
// phone inside a region the keyboard can reach).
import type { ReactNode } from 'react';
import { buttonClass } from '../../components/ui/button';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/page';
import type { ApiError } from '../../api/client';
import { T } from '../../text/id';

export function InsightSection({ id, title, lead, csv, busy, children }: { id: string; title: string; lead?: string; csv?: string; busy?: boolean; children: ReactNode }) {
  return (
    <section id={`section-${id}`} aria-labelledby={id} aria-busy={busy || undefined} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {lead ? <p className="mt-1 text-sm text-slate-700">{lead}</p> : null}
        </div>
        {csv ? (
          <a href={csv} download className={buttonClass('secondary', 'shrink-0')} aria-label={T.insights.csvOf(title)}>
            {T.insights.csv}
          </a>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** A section's query while it has no answer yet: loading, or its error with a retry. */
export function Pending({ error, retry }: { error: Error | null; retry(): void }) {
  if (!error) return <Loading label={T.insights.loading} />;
  return (
    <div className="space-y-2">
      {/* Every request of the page fails with an ApiError (api/client.ts). */}
      <ErrorNotice error={error as ApiError} />
      <Button variant="secondary" onClick={retry}>
        {T.retry}
      </Button>
    </div>
  );
}

export const NoRows = () => <Notice>{T.insights.noRows}</Notice>;

export interface Column<R> {
  header: string;
  cell(row: R): ReactNode;
  /** A number: right-aligned. */
  numeric?: boolean;
}

export function FigureTable<R>({ caption, columns, rows, rowKey, open = false }: { caption: string; columns: Array<Column<R>>; rows: R[]; rowKey(row: R): string; open?: boolean }) {
  const table = (
    <div role="region" aria-label={T.insights.tableOf(caption)} tabIndex={0} className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`whitespace-nowrap px-3 py-2 align-bottom font-semibold lg:whitespace-normal ${column.numeric ? 'text-right' : ''}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, i) =>
                i === 0 ? (
                  <th key={column.header} scope="row" className="min-w-36 max-w-60 px-3 py-2 text-left font-medium text-slate-900">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={`whitespace-nowrap px-3 py-2 ${column.numeric ? 'text-right tabular-nums' : ''}`}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (open) return table;
  return (
    <details className="mt-3">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">{T.insights.table}</summary>
      {table}
    </details>
  );
}
