// The buyer's own order page (issue 44 §2) from the order's page: a new link; the old one stops at once.
import { useQueryClient } from '@tanstack/react-query';
import { api, call, type ApiError } from '../../api/client';
import { useOnceMutation } from '../../api/use-once-mutation';
import { orderKeys } from './use-orders';

/** A new link of the order's buyer page; the order's history gains its entry. */
export function useRegenerateBuyerLink(id: number) {
  const queryClient = useQueryClient();
  return useOnceMutation<{ url: string }, ApiError, void>({
    mutationFn: () => call(api.POST('/dashboard/api/orders/{id}/buyer-link', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: orderKeys.one(id) }),
  });
}
