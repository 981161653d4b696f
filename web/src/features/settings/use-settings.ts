// The store's settings, the audit log of sensitive changes, and the server's preview of a message.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type ApiError, type paths } from '../../api/client';
import { meQuery } from '../../api/use-session';

export type Settings = paths['/dashboard/api/settings']['get']['responses'][200]['content']['application/json'];
export type SettingsChange = NonNullable<paths['/dashboard/api/settings']['patch']['requestBody']>['content']['application/json'];
export type SensitiveChange = Omit<NonNullable<paths['/dashboard/api/settings/sensitive']['patch']['requestBody']>['content']['application/json'], 'password'>;
export type Rate = Settings['shipping_rates'][number];
export type BankAccount = Settings['bank_accounts'][number];
export type AuditEntry = paths['/dashboard/api/settings/audit']['get']['responses'][200]['content']['application/json'][number];
export type TemplateKind = 'thank_you' | 'opening';
/** The sections of the settings page, each an anchor other pages link to (`/settings#shipping`). */
export type SettingsSection = 'store' | 'payment' | 'banks' | 'credentials' | 'shipping' | 'sender' | 'auto-cancel' | 'messages' | 'follow-ups' | 'time-zone' | 'blocked-phones' | 'burst' | 'unique-code' | 'audit';

export const settingsKeys = {
  all: ['settings'] as const,
  current: () => [...settingsKeys.all, 'current'] as const,
  audit: () => [...settingsKeys.all, 'audit'] as const,
  preview: (kind: TemplateKind, template: string, timeZone: string | null) => [...settingsKeys.all, 'preview', kind, template, timeZone] as const,
  templates: () => [...settingsKeys.all, 'templates'] as const,
  followUpPreview: (step: string, method: string, template: string) => [...settingsKeys.all, 'preview', 'follow_up', step, method, template] as const,
};

export const settingsQuery = queryOptions({ queryKey: settingsKeys.current(), queryFn: () => call(api.GET('/dashboard/api/settings')) });
export const auditQuery = queryOptions({ queryKey: settingsKeys.audit(), queryFn: () => call(api.GET('/dashboard/api/settings/audit')) });

export const previewQuery = (kind: TemplateKind, template: string, timeZone: string | null) =>
  queryOptions({
    queryKey: settingsKeys.preview(kind, template, timeZone),
    queryFn: () =>
      call(api.POST('/dashboard/api/templates/preview', { body: { kind, template: template.trim() === '' ? null : template, ...(timeZone ? { time_zone: timeZone } : {}) } })),
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });

/** Saves ordinary settings; the answer is the settings as they are now. A new time zone reloads /me (the zone dates are shown in). */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation<Settings, ApiError, SettingsChange>({
    mutationFn: (body) => call(api.PATCH('/dashboard/api/settings', { body })),
    onSuccess: (settings, body) => {
      queryClient.setQueryData(settingsQuery.queryKey, settings);
      if (body.time_zone !== undefined || body.store_name !== undefined) void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    },
  });
}

/** Saves sensitive settings with the password entered again; the audit log grows. */
export function useSaveSensitive() {
  const queryClient = useQueryClient();
  return useMutation<Settings, ApiError, SensitiveChange & { password: string }>({
    mutationFn: (body) => call(api.PATCH('/dashboard/api/settings/sensitive', { body })),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQuery.queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: auditQuery.queryKey });
    },
  });
}

export type FollowUpTemplates = paths['/dashboard/api/templates']['get']['responses'][200]['content']['application/json'];
export type StepTemplates = FollowUpTemplates['templates'][number];
export type FollowUpTexts = NonNullable<paths['/dashboard/api/templates/{step}']['put']['requestBody']>['content']['application/json'];
export type MethodKind = keyof FollowUpTexts;

export const templatesQuery = queryOptions({ queryKey: settingsKeys.templates(), queryFn: () => call(api.GET('/dashboard/api/templates')) });

/** A follow-up text rendered on the store's newest order of that payment method (or a sample). */
export const followUpPreviewQuery = (step: StepTemplates['step'], method: MethodKind, template: string) =>
  queryOptions({
    queryKey: settingsKeys.followUpPreview(step, method, template),
    queryFn: () => call(api.POST('/dashboard/api/templates/preview', { body: { kind: 'follow_up', step, payment_method: method, template: template.trim() === '' ? null : template } })),
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });

/** Replaces one step's three texts (blank: the default). */
export function useSaveStep(step: StepTemplates['step']) {
  const queryClient = useQueryClient();
  return useMutation<StepTemplates, ApiError, FollowUpTexts>({
    mutationFn: (body) => call(api.PUT('/dashboard/api/templates/{step}', { params: { path: { step } }, body })),
    onSuccess: (saved) =>
      queryClient.setQueryData(templatesQuery.queryKey, (all) => (all ? { ...all, templates: all.templates.map((entry) => (entry.step === saved.step ? saved : entry)) } : all)),
  });
}
