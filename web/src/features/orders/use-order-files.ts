// The orders in spreadsheets (issue 33 §3, §4): the address of the view's CSV export (a plain
// link: the browser downloads it), the import's check and apply (the file sent as text/csv), and
// the owner's audit of the exports.
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useOnceMutation } from '../../api/use-once-mutation';
import { api, call, type ApiError, type paths } from '../../api/client';
import type { OrdersSearch } from './orders-search';
import { orderKeys } from './use-orders';

export type ImportReport = paths['/dashboard/api/orders/import']['post']['responses'][200]['content']['application/json'];
export type ImportLine = ImportReport['lines'][number];
export type ExportEntry = paths['/dashboard/api/orders/exports']['get']['responses'][200]['content']['application/json']['exports'][number];

/** The export of the list's view: its tab, search and filters, without a page; for a person, its header and statuses in Indonesian. */
export function exportHref(search: OrdersSearch): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) if (value !== undefined && value !== '') params.set(name, String(value));
  params.set('header', 'id');
  const query = params.toString();
  return `/dashboard/api/orders/export.csv${query ? `?${query}` : ''}`;
}

/**
 * Sends the file; `dryRun` checks and changes nothing; `shipWithResi`: "tandai Dikirim bila resi
 * diisi". An applied file refreshes the lists and counts.
 */
export function useImportOrders() {
  const queryClient = useQueryClient();
  return useOnceMutation<ImportReport, ApiError, { csv: string; dryRun: boolean; shipWithResi: boolean }>({
    mutationFn: ({ csv, dryRun, shipWithResi }) =>
      call(
        api.POST('/dashboard/api/orders/import', {
          params: { query: { ...(dryRun ? { dry_run: '1' as const } : {}), ...(shipWithResi ? { ship_with_resi: '1' as const } : {}) } },
          body: csv,
          bodySerializer: (body: string) => body,
          headers: { 'Content-Type': 'text/csv' },
        }),
      ),
    onSuccess: (report) => {
      if (report.applied) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/** Under the orders' keys: an applied import refreshes them all. */
export const orderFileKeys = {
  exports: () => [...orderKeys.all, 'exports'] as const,
};

export const exportsQuery = queryOptions({
  queryKey: orderFileKeys.exports(),
  queryFn: async () => (await call(api.GET('/dashboard/api/orders/exports'))).exports,
});
