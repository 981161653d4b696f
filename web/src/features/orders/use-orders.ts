// The orders workspace's requests (issue 32): the list a page at a time and its tab counts
// (asked apart, so the list shows before the counts arrive), one order's page, its status
// moves, edits, notes and assignment, and what the filters offer to choose from.
import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useOnceMutation } from '../../api/use-once-mutation';
import { api, call, type ApiError, type paths } from '../../api/client';
import { can, type Me } from '../../api/use-session';
import { choicesQuery, productsQuery } from '../products/use-products';
import type { OrdersFilters, OrdersSearch } from './orders-search';

export type OrderList = paths['/dashboard/api/orders']['get']['responses'][200]['content']['application/json'];
export type ListedOrder = OrderList['orders'][number];
export type OrderCounts = paths['/dashboard/api/orders/counts']['get']['responses'][200]['content']['application/json']['counts'];
export type Order = paths['/dashboard/api/orders/{id}']['get']['responses'][200]['content']['application/json']['order'];
export type HistoryEntry = Order['history'][number];
export type OrderNote = Order['notes'][number];
export type StatusMoveBody = NonNullable<paths['/dashboard/api/orders/{id}/status']['post']['requestBody']>['content']['application/json'];
export type EditOrderBody = NonNullable<paths['/dashboard/api/orders/{id}']['patch']['requestBody']>['content']['application/json'];
export type Customer = Order['customer'];
export type OrderMessage = paths['/dashboard/api/orders/{id}/messages']['get']['responses'][200]['content']['application/json']['messages'][number];
export type Assignee = paths['/dashboard/api/orders/assignees']['get']['responses'][200]['content']['application/json']['assignees'][number];

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (search: OrdersSearch) => [...orderKeys.lists(), search] as const,
  allCounts: () => [...orderKeys.all, 'counts'] as const,
  counts: (filters: OrdersFilters) => [...orderKeys.allCounts(), filters] as const,
  one: (id: number) => [...orderKeys.all, 'one', id] as const,
  followUps: (id: number) => [...orderKeys.all, 'one', id, 'follow-ups'] as const,
  messages: (id: number) => [...orderKeys.all, 'one', id, 'messages'] as const,
  assignees: () => [...orderKeys.all, 'assignees'] as const,
};

/** Orders per page: the server's default, a phone's few screens of cards. */
const PAGE_SIZE = 50;

/** The list under a view, newest first; "Muat lagi" asks the page after the last one (keyset: next_cursor). */
export const ordersQuery = (search: OrdersSearch) =>
  infiniteQueryOptions({
    queryKey: orderKeys.list(search),
    queryFn: ({ pageParam }) => call(api.GET('/dashboard/api/orders', { params: { query: { ...search, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** Each tab's count under the view's search and filters, and the tabs whose count is a lower bound (a name search with many matches). */
export const countsQuery = (filters: OrdersFilters) =>
  queryOptions({ queryKey: orderKeys.counts(filters), queryFn: async () => call(api.GET('/dashboard/api/orders/counts', { params: { query: filters } })) });

export const orderQuery = (id: number) =>
  queryOptions({ queryKey: orderKeys.one(id), queryFn: async () => (await call(api.GET('/dashboard/api/orders/{id}', { params: { path: { id } } }))).order });

/** What each fitting follow-up step would send the buyer now (the chooser's previews). */
export const followUpPreviewsQuery = (id: number) =>
  queryOptions({ queryKey: orderKeys.followUps(id), queryFn: async () => (await call(api.GET('/dashboard/api/orders/{id}/follow-ups', { params: { path: { id } } }))).steps });

/** The order's automated messages (issue 41): planned, waiting, sent or why not, by due time. */
export const orderMessagesQuery = (id: number) =>
  queryOptions({ queryKey: orderKeys.messages(id), queryFn: async () => (await call(api.GET('/dashboard/api/orders/{id}/messages', { params: { path: { id } } }))).messages });

/** After a change: the order's answer is its page; the lists and counts that may hold it are asked again when shown. */
export function remember(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData(orderKeys.one(order.id), order);
  // A move or a press may cancel (or plan) its automated messages.
  void queryClient.invalidateQueries({ queryKey: orderKeys.messages(order.id) });
  void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: orderKeys.allCounts() });
}

/** Moves the order's status as the moves table allows; `expected_status` keeps two agents from overwriting each other. */
export function useMoveStatus(id: number) {
  const queryClient = useQueryClient();
  return useOnceMutation<Order, ApiError, StatusMoveBody>({
    mutationFn: async (body) => (await call(api.POST('/dashboard/api/orders/{id}/status', { params: { path: { id } }, body }))).order,
    onSuccess: (order) => remember(queryClient, order),
    // Someone else moved it meanwhile: show the order as it is now.
    onError: (error) => {
      if (error.code === 'status_conflict' || error.code === 'status_move_not_allowed') void queryClient.invalidateQueries({ queryKey: orderKeys.one(id) });
    },
  });
}

/** Edits the buyer, the courier or the resi; no price, fee or total changes. */
export function useEditOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation<Order, ApiError, EditOrderBody>({
    mutationFn: async (body) => (await call(api.PATCH('/dashboard/api/orders/{id}', { params: { path: { id } }, body }))).order,
    onSuccess: (order) => remember(queryClient, order),
  });
}

export function useAddNote(id: number) {
  const queryClient = useQueryClient();
  return useOnceMutation<OrderNote, ApiError, string>({
    mutationFn: (text) => call(api.POST('/dashboard/api/orders/{id}/notes', { params: { path: { id } }, body: { text } })),
    onSuccess: (note) => queryClient.setQueryData(orderQuery(id).queryKey, (order) => (order ? { ...order, notes: [note, ...order.notes] } : order)),
  });
}

/** Assigns one order to a member (null: unassigns it); the order's page is asked again for its history entry. */
export function useAssignOrder(id: number) {
  const queryClient = useQueryClient();
  return useOnceMutation<unknown, ApiError, number | null>({
    mutationFn: (cs) => call(api.POST('/dashboard/api/orders/assign', { body: { ids: [id], cs } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.allCounts() });
    },
  });
}

/** The members an order may be assigned to, CS first, then by name (as the server sorts them). */
export const assigneesQuery = queryOptions({
  queryKey: orderKeys.assignees(),
  queryFn: async () => (await call(api.GET('/dashboard/api/orders/assignees'))).assignees,
});

/** Whom owners and admins (orders:all) assign to; an empty list for a CS, who assigns no one. */
export function useAssignees(me: Me): Assignee[] {
  return useQuery({ ...assigneesQuery, enabled: can(me, 'orders:all') }).data ?? [];
}

export interface FilterChoices {
  products: Array<{ id: number; name: string }>;
  paymentMethods: string[];
  couriers: string[];
  /** The 38 provinces, for those who read the settings; empty otherwise (the field takes text). */
  provinces: string[];
  assignees: Assignee[];
}

/**
 * What the filters offer to choose from, read from the areas that hold it (the catalogue, the
 * store's payment methods, couriers and the 38 provinces, the members to assign), each as
 * far as the member's role reads it; the filters work with any part missing.
 */
export function useFilterChoices(me: Me): FilterChoices {
  const products = useQuery(productsQuery);
  const choices = useQuery(choicesQuery);
  return {
    products: (products.data?.products ?? []).map((product) => ({ id: product.id, name: product.name })),
    paymentMethods: choices.data?.payment_methods ?? [],
    couriers: choices.data?.couriers ?? [],
    provinces: choices.data?.provinces ?? [],
    assignees: useAssignees(me),
  };
}

/** The 38 provinces the form offers, read by every member (the store's choices); empty only until they load. */
export function useProvinces(): string[] {
  return useQuery(choicesQuery).data?.provinces ?? [];
}

// Orders in bulk and by hand (issue 33 §1, §2).
export type BulkStatusBody = NonNullable<paths['/dashboard/api/orders/bulk-status']['post']['requestBody']>['content']['application/json'];
export type BulkStatusResult = paths['/dashboard/api/orders/bulk-status']['post']['responses'][200]['content']['application/json'];
export type AssignBody = NonNullable<paths['/dashboard/api/orders/assign']['post']['requestBody']>['content']['application/json'];
export type BulkAssignResult = paths['/dashboard/api/orders/assign']['post']['responses'][200]['content']['application/json'];
/** Over 500 orders (a view's): the server answers 202 with the job that works them (use-bulk-jobs.ts). */
export type BulkJobStarted = paths['/dashboard/api/orders/bulk-status']['post']['responses'][202]['content']['application/json'];
export type EnterOrderBody = NonNullable<paths['/dashboard/api/orders']['post']['requestBody']>['content']['application/json'];

/** After a bulk change: every list, count and open order may hold one of the orders. */
function forgetOrders(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: orderKeys.all });
}

/** Moves the chosen orders (ids, or every order of a view) each as its own move; the answer says what became of each. */
export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useOnceMutation<BulkStatusResult | BulkJobStarted, ApiError, BulkStatusBody>({
    mutationFn: (body) => call(api.POST('/dashboard/api/orders/bulk-status', { body })),
    onSuccess: () => forgetOrders(queryClient),
  });
}

/** Assigns the chosen orders (ids, or every order of a view) to a member, or unassigns them (owners and admins). */
export function useBulkAssign() {
  const queryClient = useQueryClient();
  return useOnceMutation<BulkAssignResult | BulkJobStarted, ApiError, AssignBody>({
    mutationFn: (body) => call(api.POST('/dashboard/api/orders/assign', { body })),
    onSuccess: () => forgetOrders(queryClient),
  });
}

/**
 * Enters an order by hand ("Tambah pesanan"); its answer is the new order's page. `pageKey` is the
 * page's own (newPageKey), sent with every save: the server enters one order per key, and a repeat
 * answers that order.
 */
export function useEnterOrder(pageKey: string) {
  const queryClient = useQueryClient();
  return useOnceMutation<Order, ApiError, EnterOrderBody>({
    mutationFn: async (body) => (await call(api.POST('/dashboard/api/orders', { body, params: { header: { 'Idempotency-Key': pageKey } } }))).order,
    onSuccess: (order) => remember(queryClient, order),
  });
}

export type FollowUpStep = NonNullable<paths['/dashboard/api/orders/{id}/follow-ups']['post']['requestBody']>['content']['application/json']['step'];
export type FollowUpPress = paths['/dashboard/api/orders/{id}/follow-ups']['post']['responses'][201]['content']['application/json'];

/** A follow-up press: the server records it and answers the wa.me link; the order (its history, counters) and the lists are asked again. */
export function useFollowUp(id: number) {
  const queryClient = useQueryClient();
  return useOnceMutation<FollowUpPress, ApiError, FollowUpStep>({
    mutationFn: (step) => call(api.POST('/dashboard/api/orders/{id}/follow-ups', { params: { path: { id } }, body: { step } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
    onError: (error) => {
      if (error.code === 'status_conflict' || error.code === 'follow_up_step_not_available') void queryClient.invalidateQueries({ queryKey: orderKeys.one(id) });
    },
  });
}
