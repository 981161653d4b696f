// Auto-cancel's API calls (issue 44 §3): the older pending orders' count, and their inclusion with the count seen.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type ApiError, type paths } from '../../api/client';

export type AutoCancelState = paths['/dashboard/api/auto-cancel']['get']['responses'][200]['content']['application/json'];
type Included = paths['/dashboard/api/auto-cancel/include-older']['post']['responses'][200]['content']['application/json'];

export const autoCancelKeys = { all: ['auto-cancel'] as const };

export const autoCancelQuery = queryOptions({ queryKey: autoCancelKeys.all, queryFn: () => call(api.GET('/dashboard/api/auto-cancel')) });

/** Includes the older pending orders; the body carries the count and cut-off shown, so a count that changed meanwhile is refused (409 older_count_changed). */
export function useIncludeOlder() {
  const queryClient = useQueryClient();
  return useMutation<Included, ApiError, { older_pending: number; cutoff: string }>({
    mutationFn: (body) => call(api.POST('/dashboard/api/auto-cancel/include-older', { body })),
    onSuccess: (answer) => queryClient.setQueryData(autoCancelQuery.queryKey, answer.auto_cancel),
    onError: () => void queryClient.invalidateQueries({ queryKey: autoCancelQuery.queryKey }),
  });
}
