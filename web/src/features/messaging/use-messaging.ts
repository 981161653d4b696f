// The store's messaging automation (owners and admins; issue 41 §3, issue 42): its settings, the
// test message, the sandbox's outbox, the providers' tokens (saved with the owner's password
// through the settings' sensitive route) and Fonnte's webhook address.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type ApiError, type paths } from '../../api/client';
import { homeKeys } from '../home/use-home';

export type Automation = paths['/dashboard/api/messaging']['get']['responses'][200]['content']['application/json'];
export type AutomationPatch = NonNullable<paths['/dashboard/api/messaging']['patch']['requestBody']>['content']['application/json'];
export type TestAnswer = paths['/dashboard/api/messaging/test']['post']['responses'][200]['content']['application/json'];
export type OutboxMessage = paths['/dashboard/api/messaging/outbox']['get']['responses'][200]['content']['application/json']['messages'][number];
export type StepTemplate = NonNullable<Automation['cloud_api']['templates']['fu1']>;

export const messagingKeys = {
  all: ['messaging'] as const,
  automation: () => [...messagingKeys.all, 'automation'] as const,
  outbox: () => [...messagingKeys.all, 'outbox'] as const,
};

export const automationQuery = queryOptions({ queryKey: messagingKeys.automation(), queryFn: () => call(api.GET('/dashboard/api/messaging')) });
export const outboxQuery = queryOptions({ queryKey: messagingKeys.outbox(), queryFn: () => call(api.GET('/dashboard/api/messaging/outbox')) });

/** The opt-out list's CSV (a plain link: the browser downloads it). */
export const OPT_OUTS_CSV = '/dashboard/api/messaging/opt-outs.csv';

/** Saves the fields sent; the answer is the automation as it is now. */
export function useSaveAutomation() {
  const queryClient = useQueryClient();
  return useMutation<Automation, ApiError, AutomationPatch>({
    mutationFn: (body) => call(api.PATCH('/dashboard/api/messaging', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(messagingKeys.automation(), saved);
      void queryClient.invalidateQueries({ queryKey: homeKeys.all });
    },
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

/** After a provider's token was saved (it shows as "set", and a sending it stopped goes on): the automation and the home page again. */
export function useTokenSaved(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: messagingKeys.automation() });
    void queryClient.invalidateQueries({ queryKey: homeKeys.all });
  };
}

export type RotatedSecret = paths['/dashboard/api/messaging/fonnte-secret']['post']['responses'][200]['content']['application/json'];

/** A new secret in Fonnte's webhook address (the old one stops working at once); the page shows the new address. */
export function useRotateFonnteSecret() {
  const queryClient = useQueryClient();
  return useMutation<RotatedSecret, ApiError, void>({
    mutationFn: () => call(api.POST('/dashboard/api/messaging/fonnte-secret')),
    onSuccess: ({ webhook_url }) =>
      queryClient.setQueryData<Automation>(messagingKeys.automation(), (automation) => (automation ? { ...automation, fonnte: { ...automation.fonnte, webhook_url } } : automation)),
  });
}
