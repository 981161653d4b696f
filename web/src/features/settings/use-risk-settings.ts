// The store's blocked phones and the burst rule's thresholds (issue 43 §1, §4): owners and admins
// (settings:manage), on the settings page; a phone is also blocked from an order's page
// (../orders/use-risk.ts), which then asks this list again.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useOnceMutation } from '../../api/use-once-mutation';
import { api, call, type ApiError, type paths } from '../../api/client';

export type BlockedPhones = paths['/dashboard/api/blocked-phones']['get']['responses'][200]['content']['application/json'];
export type BlockedPhone = BlockedPhones['phones'][number];
export type BlockPhoneBody = NonNullable<paths['/dashboard/api/blocked-phones']['post']['requestBody']>['content']['application/json'];
export type RiskSettings = paths['/dashboard/api/risk-settings']['get']['responses'][200]['content']['application/json'];

export const riskKeys = {
  all: ['risk'] as const,
  blockedPhones: () => [...riskKeys.all, 'blocked-phones'] as const,
  settings: () => [...riskKeys.all, 'settings'] as const,
};

export const blockedPhonesQuery = queryOptions({ queryKey: riskKeys.blockedPhones(), queryFn: () => call(api.GET('/dashboard/api/blocked-phones')) });
export const riskSettingsQuery = queryOptions({ queryKey: riskKeys.settings(), queryFn: () => call(api.GET('/dashboard/api/risk-settings')) });

/** Blocks a phone in any written form (or changes the note of one blocked already); the answer is the phone as kept. */
export function useBlockPhone() {
  const queryClient = useQueryClient();
  return useOnceMutation<BlockedPhone, ApiError, BlockPhoneBody>({
    mutationFn: (body) => call(api.POST('/dashboard/api/blocked-phones', { body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: riskKeys.blockedPhones() }),
  });
}

/** Takes a phone (its digits, as the list gives them) off the list. */
export function useUnblockPhone() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, string>({
    mutationFn: (phone) => call(api.DELETE('/dashboard/api/blocked-phones/{phone}', { params: { path: { phone } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: riskKeys.blockedPhones() }),
  });
}

export function useSaveRiskSettings() {
  const queryClient = useQueryClient();
  return useMutation<RiskSettings, ApiError, RiskSettings>({
    mutationFn: (body) => call(api.PUT('/dashboard/api/risk-settings', { body })),
    onSuccess: (saved) => queryClient.setQueryData(riskSettingsQuery.queryKey, saved),
  });
}
