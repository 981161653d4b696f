// The store's webhook endpoints and their delivery logs, and every change to them.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useOnceMutation } from '../../api/use-once-mutation';
import { api, call, type ApiError, type paths } from '../../api/client';

export type Endpoint = paths['/dashboard/api/webhooks']['get']['responses'][200]['content']['application/json'][number];
export type Delivery = paths['/dashboard/api/webhooks/{id}/deliveries']['get']['responses'][200]['content']['application/json'][number];

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: number) => [...webhookKeys.all, endpointId, 'deliveries'] as const,
  delivery: (deliveryId: number) => [...webhookKeys.all, 'delivery', deliveryId] as const,
};

export const webhooksQuery = queryOptions({ queryKey: webhookKeys.endpoints(), queryFn: () => call(api.GET('/dashboard/api/webhooks')) });

export const deliveriesQuery = (id: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => call(api.GET('/dashboard/api/webhooks/{id}/deliveries', { params: { path: { id } } })),
    // A delivery in flight changes within seconds: look again while any is pending.
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? 3_000 : false),
  });

/** One delivery with the body it sends (the exact bytes every attempt signs), read when asked for. */
export const deliveryQuery = (id: number) =>
  queryOptions({
    queryKey: webhookKeys.delivery(id),
    queryFn: () => call(api.GET('/dashboard/api/webhooks/deliveries/{id}', { params: { path: { id } } })),
    // The body never changes once queued.
    staleTime: Infinity,
  });

/** A new endpoint; the answer holds its signing secret, shown this once. */
export function useAddEndpoint() {
  const queryClient = useQueryClient();
  return useOnceMutation<{ id: number; secret: string }, ApiError, { url: string; description: string }>({
    mutationFn: (body) => call(api.POST('/dashboard/api/webhooks', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

/** Queues a webhook.test event for the endpoint; its delivery shows in the log. */
export function useTestEndpoint(id: number) {
  const queryClient = useQueryClient();
  return useOnceMutation<unknown, ApiError>({
    mutationFn: () => call(api.POST('/dashboard/api/webhooks/{id}/test', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

/** Enables a disabled endpoint, or disables an enabled one. */
export function useToggleEndpoint(endpoint: Endpoint) {
  const queryClient = useQueryClient();
  const path = { params: { path: { id: endpoint.id } } };
  return useMutation<unknown, ApiError>({
    mutationFn: () => call(endpoint.enabled ? api.POST('/dashboard/api/webhooks/{id}/disable', path) : api.POST('/dashboard/api/webhooks/{id}/enable', path)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

/** A new signing secret (shown once); the old one keeps signing beside it for 24 hours. */
export function useRotateSecret(id: number) {
  return useOnceMutation<{ secret: string; previous_secret_expires_at: string }, ApiError>({
    mutationFn: () => call(api.POST('/dashboard/api/webhooks/{id}/rotate-secret', { params: { path: { id } } })),
  });
}

export function useRemoveEndpoint(id: number) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError>({
    mutationFn: () => call(api.DELETE('/dashboard/api/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

/** Sends a delivery again, as a new attempt in its log. */
export function useRedeliver(delivery: Delivery) {
  const queryClient = useQueryClient();
  return useOnceMutation<unknown, ApiError>({
    mutationFn: () => call(api.POST('/dashboard/api/webhooks/deliveries/{id}/redeliver', { params: { path: { id: delivery.id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(delivery.endpoint_id) }),
  });
}
