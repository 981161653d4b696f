// "Cetak label" and "Cetak invoice" in the list's bulk bar (issue 44 §1): the print page of the
// orders chosen, or of the view's first 500 (its ids read from the list itself; the page says
// when the view holds more).
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { T } from '../../text/id';
import type { Selection } from '../orders/bulk-select';
import type { OrdersSearch } from '../orders/orders-search';
import { PRINT_MAX, viewIds, type PrintKind } from './use-printing';

export function PrintButtons({ selection, search }: { selection: Selection; search: OrdersSearch }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<PrintKind | null>(null);
  const open = async (kind: PrintKind) => {
    setBusy(kind);
    try {
      const chosen = selection.allInView ? await viewIds(search) : { ids: [...selection.ids].slice(0, PRINT_MAX), more: selection.ids.size > PRINT_MAX };
      if (chosen.ids.length > 0) await navigate({ to: '/orders/print', search: { kind, ids: chosen.ids.join(','), ...(chosen.more ? { more: true } : {}) } });
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button variant="secondary" busy={busy === 'labels'} onClick={() => void open('labels')}>
        {T.printing.printLabels}
      </Button>
      <Button variant="secondary" busy={busy === 'invoices'} onClick={() => void open('invoices')}>
        {T.printing.printInvoices}
      </Button>
    </>
  );
}
