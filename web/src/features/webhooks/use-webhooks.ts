import { queryOptions } from '@tanstack/react-query';
import { api, call, type paths } from '../../api/client';

export type Endpoint = paths['/dashboard/api/webhooks']['get']['responses'][200]['content']['application/json'][number];
export type Delivery = paths['/dashboard/api/webhooks/{id}/deliveries']['get']['responses'][200]['content']['application/json'][number];

export const webhooksQuery = queryOptions({ queryKey: ['webhooks'], queryFn: () => call(api.GET('/dashboard/api/webhooks')) });

export const deliveriesQuery = (id: number) =>
  queryOptions({
    queryKey: ['webhooks', id, 'deliveries'],
    queryFn: () => call(api.GET('/dashboard/api/webhooks/{id}/deliveries', { params: { path: { id } } })),
    // A delivery in flight changes within seconds: look again while any is pending.
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? 3_000 : false),
  });
