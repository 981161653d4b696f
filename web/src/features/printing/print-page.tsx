// The print page (issue 44 §1): the labels (100×150 mm, one a page) or invoices (A4) of the orders
// in its address, for the browser's print dialog. On the screen a bar on top says what will be
// printed and holds "Cetak"; each sheet is shown scaled to the screen's width. Printing (the
// button, or the browser's own Ctrl+P) records the print in each order's history, once per page
// view, when the dialog opens (beforeprint): reading the page records nothing. `@page` sets the
// paper, so printing or "Save as PDF" needs no setting.
import { Link, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { lastOrdersView } from '../orders/orders-search';
import { T } from '../../text/id';
import { InvoiceSheet } from './invoice-sheet';
import { LabelSheet } from './label-sheet';
import type { PrintSearch } from './print-search';
import { PRINT_MAX, useRecordPrinted, usePrintSheets, type PrintKind } from './use-printing';

/** A sheet's width in CSS pixels (96 a inch): 100 mm, and A4's 210 mm. */
const SHEET_PX: Record<PrintKind, number> = { labels: (100 / 25.4) * 96, invoices: (210 / 25.4) * 96 };
/** How much to shrink a sheet so it fits the screen's width (1: not at all). */
function useSheetZoom(kind: PrintKind): number {
  const fit = useCallback(() => Math.min(1, (window.innerWidth - 24) / SHEET_PX[kind]), [kind]);
  const [zoom, setZoom] = useState(fit);
  useLayoutEffect(() => {
    const resize = () => setZoom(fit());
    resize();
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, [fit]);
  return zoom;
}

export function PrintPage() {
  const { kind, ids, more } = useSearch({ strict: false }) as PrintSearch;
  const sheets = usePrintSheets(kind, ids);
  const record = useRecordPrinted();
  const zoom = useSheetZoom(kind);
  const recorded = useRef(false);
  const data = sheets.data;

  // Once per page view, when the print dialog opens (the button, or the browser's menu).
  useEffect(() => {
    if (!data) return;
    const onBeforePrint = () => {
      if (recorded.current) return;
      recorded.current = true;
      record.mutate({ kind, ids: data.orders.map((o) => o.id) }, { onError: () => (recorded.current = false) });
    };
    window.addEventListener('beforeprint', onBeforePrint);
    return () => window.removeEventListener('beforeprint', onBeforePrint);
  }, [data, kind, record]);

  const title = kind === 'labels' ? T.printing.titleLabels(data?.orders.length ?? 0) : T.printing.titleInvoices(data?.orders.length ?? 0);
  useEffect(() => {
    document.title = `${title} · ${T.appName}`;
  }, [title]);

  return (
    <div className="min-h-dvh bg-slate-100 print:bg-white">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white px-3 py-3 shadow-sm print:hidden sm:px-6">
        <div className="mx-auto flex max-w-5xl flex-col gap-2 sm:flex-row sm:items-center">
          <div className="min-w-0">
            <h1 className="text-lg font-bold text-slate-900">{title}</h1>
            <p className="text-sm text-slate-600">{T.printing.printHint}</p>
          </div>
          <div className="grid grid-cols-2 gap-2 sm:ml-auto sm:flex">
            <Button onClick={() => window.print()} disabled={!data || data.orders.length === 0}>
              {T.printing.print}
            </Button>
            <Link to="/orders" search={lastOrdersView()} className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-3 text-sm font-semibold text-brand-800 underline">
              {T.printing.back}
            </Link>
          </div>
        </div>
        <div className="mx-auto mt-2 flex max-w-5xl flex-col gap-2 empty:hidden">
          {data && !data.sender && kind === 'labels' ? (
            <Notice tone="warning">
              {T.printing.noSender}{' '}
              <Link to="/settings" hash="sender" className="font-semibold underline">
                {T.printing.openSettings}
              </Link>
            </Notice>
          ) : null}
          {more ? <Notice tone="warning">{T.printing.viewCapped(PRINT_MAX)}</Notice> : null}
          {record.isSuccess ? <Notice tone="success">{T.printing.recorded}</Notice> : null}
          {record.isError ? <Notice tone="error">{T.printing.recordFailed}</Notice> : null}
        </div>
      </header>
      <main className="sheets flex flex-col items-center gap-4 px-3 py-4">
        {ids === '' ? <Notice>{T.printing.noOrders}</Notice> : null}
        {sheets.isPending && ids !== '' ? <p className="text-sm text-slate-700">{T.printing.loading}</p> : null}
        {sheets.error ? <ErrorNotice error={sheets.error} /> : null}
        {data?.orders.map((order) => (
          <div key={order.id} className="sheet-frame bg-white shadow" style={{ zoom }}>
            {kind === 'labels' ? <LabelSheet order={order} sender={data.sender} store={data.store} /> : <InvoiceSheet order={order} sender={data.sender} store={data.store} />}
          </div>
        ))}
      </main>
    </div>
  );
}
