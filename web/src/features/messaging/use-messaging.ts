// The store's messaging automation (owners and admins; issue 41 §3): its settings, the test
// message and the sandbox's outbox.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type ApiError, type paths } from '../../api/client';

export type Automation = paths['/dashboard/api/messaging']['get']['responses'][200]['content']['application/json'];
export type AutomationPatch = NonNullable<paths['/dashboard/api/messaging']['patch']['requestBody']>['content']['application/json'];
export type TestAnswer = paths['/dashboard/api/messaging/test']['post']['responses'][200]['content']['application/json'];
export type OutboxMessage = paths['/dashboard/api/messaging/outbox']['get']['responses'][200]['content']['application/json']['messages'][number];

export const messagingKeys = {
  all: ['messaging'] as const,
  automation: () => [...messagingKeys.all, 'automation'] as const,
  outbox: () => [...messagingKeys.all, 'outbox'] as const,
};

export const automationQuery = queryOptions({ queryKey: messagingKeys.automation(), queryFn: () => call(api.GET('/dashboard/api/messaging')) });
export const outboxQuery = queryOptions({ queryKey: messagingKeys.outbox(), queryFn: () => call(api.GET('/dashboard/api/messaging/outbox')) });

/** Saves the fields sent; the answer is the automation as it is now. */
export function useSaveAutomation() {
  const queryClient = useQueryClient();
  return useMutation<Automation, ApiError, AutomationPatch>({
    mutationFn: (body) => call(api.PATCH('/dashboard/api/messaging', { body })),
    onSuccess: (saved) => queryClient.setQueryData(messagingKeys.automation(), saved),
  });
}

/** "Pesan uji dari Lapak" through the stored provider; the sandbox keeps it in its outbox. */
export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation<TestAnswer, ApiError, void>({
    mutationFn: () => call(api.POST('/dashboard/api/messaging/test')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
  });
}
