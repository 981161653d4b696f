// The getting-started checklist, from the store's own data, and the one step the pages record
// themselves (a snippet copied in the product editor).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type ApiError, type paths } from '../../api/client';

export type Checklist = paths['/dashboard/api/home']['get']['responses'][200]['content']['application/json']['checklist'];

export type RotationState = paths['/dashboard/api/home']['get']['responses'][200]['content']['application/json']['rotation'];

/** The store's sending (owners and admins): its provider and why it stopped, if it did. */
export type Sending = NonNullable<paths['/dashboard/api/home']['get']['responses'][200]['content']['application/json']['messaging']>;

export const homeKeys = { all: ['home'] as const };

export const homeQuery = queryOptions({ queryKey: homeKeys.all, queryFn: () => call(api.GET('/dashboard/api/home')) });

export function useSnippetCopied() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError>({
    mutationFn: () => call(api.POST('/dashboard/api/home/snippet-copied')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeKeys.all }),
  });
}
