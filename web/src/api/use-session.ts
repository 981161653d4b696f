// Who is logged in, in which store (GET /dashboard/api/me), and the moves between stores.
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { useOnceMutation } from './use-once-mutation';
import { setTimeZone } from '../lib/format';
import { api, call, setCurrentStore, type ApiError, type paths } from './client';

export type Me = paths['/dashboard/api/me']['get']['responses'][200]['content']['application/json'];
export type Permission = Me['permissions'][number];

export const sessionKeys = { me: ['me'] as const };

export const meQuery = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: async () => {
    const me = await call(api.GET('/dashboard/api/me'));
    setCurrentStore(me.store.id);
    setTimeZone(me.store.time_zone);
    return me;
  },
  retry: false,
  staleTime: 60_000,
  meta: { anonymousOk: true },
});

export const useMe = (): Me => useSuspenseQuery(meQuery).data;

export const can = (me: Me, permission: Permission): boolean => me.permissions.includes(permission);

/** After login, sign-up, accepting an invitation or switching stores: a fresh cache for the new store. */
export function enterStore(queryClient: QueryClient, me: Me): void {
  queryClient.clear();
  setCurrentStore(me.store.id);
  setTimeZone(me.store.time_zone);
  queryClient.setQueryData(meQuery.queryKey, me);
}

/** Another tab switched stores (409 store_changed): forget this tab's store and ask again. */
export async function followStoreChange(queryClient: QueryClient): Promise<void> {
  setCurrentStore(null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.me[0] });
  await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
}

export function leave(queryClient: QueryClient): void {
  setCurrentStore(null);
  queryClient.clear();
}

/** Switches the pages to another store of the user (the answer is /me in that store). */
export function useSelectStore() {
  const queryClient = useQueryClient();
  return useMutation<Me, ApiError, number>({
    mutationFn: (id) => call(api.POST('/dashboard/api/stores/{id}/select', { params: { path: { id } } })),
    onSuccess: (next) => enterStore(queryClient, next),
  });
}

/** A new store with the user as its owner (the pages stay on the current one until it is selected). */
export function useCreateStore() {
  return useOnceMutation<{ id: number }, ApiError, string>({
    mutationFn: (name) => call(api.POST('/dashboard/api/stores', { body: { name } })),
  });
}
