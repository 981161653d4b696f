// Risky orders on the order's page and in the list (issue 43): "Sudah dicek" on a flag, the spam
// mark (one order, or many as bulk-status takes them: over 500, a job), and the one-tap block of
// the order's phone (owners and admins). Each single change answers the order's page anew.
import { useQueryClient } from '@tanstack/react-query';
import { useOnceMutation } from '../../api/use-once-mutation';
import { api, call, type ApiError, type paths } from '../../api/client';
import { riskKeys, type BlockedPhone } from '../settings/use-risk-settings';
import { orderKeys, remember, type BulkJobStarted, type Order } from './use-orders';

export type Flag = Order['flags'][number];
export type SpamBody = NonNullable<paths['/dashboard/api/orders/{id}/spam']['post']['requestBody']>['content']['application/json'];
export type BulkSpamBody = NonNullable<paths['/dashboard/api/orders/bulk-spam']['post']['requestBody']>['content']['application/json'];
export type BulkSpamResult = paths['/dashboard/api/orders/bulk-spam']['post']['responses'][200]['content']['application/json'];

/** "Sudah dicek": the flag stays on the order, greyed, and leaves "Perlu dicek". */
export function useDismissFlag(id: number) {
  const queryClient = useQueryClient();
  return useOnceMutation<Order, ApiError, Flag['flag']>({
    mutationFn: async (flag) => (await call(api.POST('/dashboard/api/orders/{id}/flags/{flag}/dismiss', { params: { path: { id, flag } } }))).order,
    onSuccess: (order) => remember(queryClient, order),
  });
}

/** Marks the order as spam, or takes the mark off; the reason goes into its history. */
export function useMarkSpam(id: number) {
  const queryClient = useQueryClient();
  return useOnceMutation<Order, ApiError, SpamBody>({
    mutationFn: async (body) => (await call(api.POST('/dashboard/api/orders/{id}/spam', { params: { path: { id } }, body }))).order,
    onSuccess: (order) => remember(queryClient, order),
  });
}

/** The spam mark on the chosen orders (ids, or every order of a view), each as its own change. */
export function useBulkSpam() {
  const queryClient = useQueryClient();
  return useOnceMutation<BulkSpamResult | BulkJobStarted, ApiError, BulkSpamBody>({
    mutationFn: (body) => call(api.POST('/dashboard/api/orders/bulk-spam', { body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** Blocks the order's phone (owners and admins), with the order's number as the note; the page then says "Nomor diblokir". */
export function useBlockOrderPhone(id: number) {
  const queryClient = useQueryClient();
  return useOnceMutation<BlockedPhone, ApiError, { phone: string; note: string }>({
    mutationFn: (body) => call(api.POST('/dashboard/api/blocked-phones', { body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: riskKeys.blockedPhones() });
    },
  });
}
