// The list's spreadsheet actions (issue 33 §3, §4): "Ekspor CSV", a plain link to the export of
// the view the page shows (the browser downloads the file), and "Impor CSV", which opens the
// import's dialog.
import { useState } from 'react';
import { Button, buttonClass } from '../../components/ui/button';
import { T } from '../../text/id';
import { ImportDialog } from './import-dialog';
import type { OrdersSearch } from './orders-search';
import { exportHref } from './use-order-files';

export function OrderFilesActions({ search }: { search: OrdersSearch }) {
  const [importing, setImporting] = useState(false);
  // One row: the header's column of actions does not wrap the two apart.
  return (
    <div className="flex gap-2 whitespace-nowrap">
      <a href={exportHref(search)} download className={buttonClass('secondary')} title={T.orderFiles.exportHint}>
        {T.orderFiles.export}
      </a>
      <Button variant="secondary" onClick={() => setImporting(true)}>
        {T.orderFiles.import}
      </Button>
      <ImportDialog open={importing} onOpenChange={setImporting} />
    </div>
  );
}
