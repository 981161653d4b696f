// Printing's requests (issue 44 §1): what the print page prints (read only), the print recorded
// when its dialog opens, and the ids of a list's view (the list's own requests, 500 at most).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type ApiError, type paths } from '../../api/client';
import { useOnceMutation } from '../../api/use-once-mutation';
import type { OrdersSearch } from '../orders/orders-search';
import { orderKeys } from '../orders/use-orders';

export type PrintKind = 'labels' | 'invoices';
export type PrintSheets = paths['/dashboard/api/orders/print']['get']['responses'][200]['content']['application/json'];
export type Sheet = PrintSheets['orders'][number];

/** At most this many orders in one print (the server's limit). */
export const PRINT_MAX = 500;

export const printKeys = {
  all: ['print'] as const,
  sheets: (kind: PrintKind, ids: string) => [...printKeys.all, kind, ids] as const,
};

export function usePrintSheets(kind: PrintKind, ids: string) {
  return useQuery<PrintSheets, ApiError>({
    queryKey: printKeys.sheets(kind, ids),
    queryFn: () => call(api.GET('/dashboard/api/orders/print', { params: { query: { kind, ids } } })),
    enabled: ids !== '',
    // What is printed is read once: a refetch while the dialog is open would redraw the sheets.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useRecordPrinted() {
  const queryClient = useQueryClient();
  return useOnceMutation<{ recorded: number }, ApiError, { kind: PrintKind; ids: number[] }>({
    mutationFn: (body) => call(api.POST('/dashboard/api/orders/printed', { body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The ids of a list's view, newest first, PRINT_MAX at most; `more`: the view holds more. */
export async function viewIds(search: OrdersSearch): Promise<{ ids: number[]; more: boolean }> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page: { orders: Array<{ id: number }>; next_cursor: string | null } = await call(
      api.GET('/dashboard/api/orders', { params: { query: { ...search, limit: 200, ...(cursor ? { cursor } : {}) } } }),
    );
    ids.push(...page.orders.map((o) => o.id));
    cursor = page.next_cursor;
  } while (cursor && ids.length < PRINT_MAX);
  return { ids: ids.slice(0, PRINT_MAX), more: ids.length > PRINT_MAX || cursor !== null };
}
