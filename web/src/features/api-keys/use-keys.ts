import { queryOptions } from '@tanstack/react-query';
import { api, call, type paths } from '../../api/client';

export type ApiKey = paths['/dashboard/api/keys']['get']['responses'][200]['content']['application/json'][number];
export type IssueKeyBody = NonNullable<paths['/dashboard/api/keys']['post']['requestBody']>['content']['application/json'];
export type IssuedKey = paths['/dashboard/api/keys']['post']['responses'][201]['content']['application/json'];
export type Purpose = IssueKeyBody['purpose'];

export const PURPOSES: Purpose[] = ['customer_lookup', 'order_status', 'order_status_customer'];

export const keysQuery = queryOptions({ queryKey: ['keys'], queryFn: () => call(api.GET('/dashboard/api/keys')) });

export function keyState(key: ApiKey, now = Date.now()): 'active' | 'revoked' | 'expired' {
  if (key.revoked) return 'revoked';
  if (key.expires_at && Date.parse(key.expires_at) <= now) return 'expired';
  return 'active';
}
