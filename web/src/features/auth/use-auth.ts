// Entering and leaving: login, sign-up, logout, an invitation (what it offers, accepting it)
// and a password reset link. Each success that opens a store starts a fresh cache for it.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useOnceMutation } from '../../api/use-once-mutation';
import { api, call, type ApiError, type paths } from '../../api/client';
import { enterStore, leave, type Me } from '../../api/use-session';
import type { Account } from './account-fields';

export type InvitationPreview = paths['/dashboard/api/invitations/preview']['post']['responses'][200]['content']['application/json'];

export const authKeys = { invitation: (token: string) => ['invitation', token] as const };

/** Which store and role a link offers (the token goes in a POST body, never in a URL log). */
export const invitationQuery = (token: string) =>
  queryOptions<InvitationPreview, ApiError>({
    queryKey: authKeys.invitation(token),
    queryFn: () => call(api.POST('/dashboard/api/invitations/preview', { body: { token } })),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation<Me, ApiError, { email: string; password: string }>({
    mutationFn: (body) => call(api.POST('/dashboard/api/login', { body })),
    onSuccess: (me) => enterStore(queryClient, me),
  });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useOnceMutation<Me, ApiError, Account & { store_name: string }>({
    mutationFn: (body) => call(api.POST('/dashboard/api/signup', { body })),
    onSuccess: (me) => enterStore(queryClient, me),
  });
}

/** Ends the session; whatever the server answers, this tab forgets the store. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError>({
    mutationFn: () => call(api.POST('/dashboard/api/logout')),
    onSettled: () => leave(queryClient),
  });
}

/** Joins the invitation's store: with the account of the session, or with a new one. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useOnceMutation<Me, ApiError, { token: string } & Partial<Account>>({
    mutationFn: (body) => call(api.POST('/dashboard/api/invitations/accept', { body })),
    onSuccess: (joined) => enterStore(queryClient, joined),
  });
}

export function useResetPassword() {
  return useMutation<unknown, ApiError, { token: string; password: string }>({
    mutationFn: (body) => call(api.POST('/dashboard/api/password-reset', { body })),
  });
}
