// The store's API keys: the list (never a key itself), issuing one (shown once), revoking one.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useOnceMutation } from '../../api/use-once-mutation';
import { api, call, type ApiError, type paths } from '../../api/client';

export type ApiKey = paths['/dashboard/api/keys']['get']['responses'][200]['content']['application/json'][number];
export type IssueKeyBody = NonNullable<paths['/dashboard/api/keys']['post']['requestBody']>['content']['application/json'];
export type IssuedKey = paths['/dashboard/api/keys']['post']['responses'][201]['content']['application/json'];
export type Purpose = IssueKeyBody['purpose'];

export const PURPOSES: Purpose[] = ['customer_lookup', 'order_status', 'order_status_customer'];

/** The scopes each purpose gives a key (SPEC's rule 9), shown beside the choice. */
export const PURPOSE_SCOPES: Record<Purpose, string> = {
  customer_lookup: 'customers:read',
  order_status: 'orders:read, orders.status:write',
  order_status_customer: 'orders:read, orders.status:write, customers:read',
};

export const keyKeys = { all: ['keys'] as const };

export const keysQuery = queryOptions({ queryKey: keyKeys.all, queryFn: () => call(api.GET('/dashboard/api/keys')) });

export function useIssueKey() {
  const queryClient = useQueryClient();
  return useOnceMutation<IssuedKey, ApiError, IssueKeyBody>({
    mutationFn: (body) => call(api.POST('/dashboard/api/keys', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyKeys.all }),
  });
}

export function useRevokeKey() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (id) => call(api.POST('/dashboard/api/keys/{id}/revoke', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyKeys.all }),
  });
}

export function keyState(key: ApiKey, now = Date.now()): 'active' | 'revoked' | 'expired' {
  if (key.revoked) return 'revoked';
  if (key.expires_at && Date.parse(key.expires_at) <= now) return 'expired';
  return 'active';
}
