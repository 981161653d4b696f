// The store's members and open invitations (the owner's), and every change to them.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useOnceMutation } from '../../api/use-once-mutation';
import { api, call, type ApiError, type paths } from '../../api/client';
import { orderKeys } from '../orders/use-orders';

export type Member = paths['/dashboard/api/team']['get']['responses'][200]['content']['application/json']['members'][number];
export type Invitation = paths['/dashboard/api/team/invitations']['get']['responses'][200]['content']['application/json']['invitations'][number];
export type Role = Member['role'];
export const teamKeys = {
  all: ['team'] as const,
  members: () => [...teamKeys.all, 'members'] as const,
  invitations: () => [...teamKeys.all, 'invitations'] as const,
};

export const teamQuery = queryOptions({ queryKey: teamKeys.members(), queryFn: () => call(api.GET('/dashboard/api/team')) });
export const invitationsQuery = queryOptions({ queryKey: teamKeys.invitations(), queryFn: () => call(api.GET('/dashboard/api/team/invitations')) });

/** The members changed: the team's lists, and the orders' list of who may be assigned (a removed CS's orders are unassigned too). */
function changedMembers(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: teamKeys.all }), queryClient.invalidateQueries({ queryKey: orderKeys.all })]);
}

/** A new invitation link for a role (integrations only for an admin). */
export type InviteBody = NonNullable<paths['/dashboard/api/team/invitations']['post']['requestBody']>['content']['application/json'];
export type InvitationCreated = paths['/dashboard/api/team/invitations']['post']['responses'][201]['content']['application/json'];

export function useInvite() {
  const queryClient = useQueryClient();
  return useOnceMutation<InvitationCreated, ApiError, InviteBody>({
    mutationFn: (body) => call(api.POST('/dashboard/api/team/invitations', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations() }),
  });
}

export function useRevokeInvitation(id: number) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError>({
    mutationFn: () => call(api.DELETE('/dashboard/api/team/invitations/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations() }),
  });
}

export function useChangeRole(userId: number) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, { role: Role; integrations: boolean }>({
    mutationFn: (body) => call(api.PATCH('/dashboard/api/team/{user_id}', { params: { path: { user_id: userId } }, body })),
    onSuccess: () => changedMembers(queryClient),
  });
}

export function useRemoveMember(userId: number) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError>({
    mutationFn: () => call(api.DELETE('/dashboard/api/team/{user_id}', { params: { path: { user_id: userId } } })),
    onSuccess: () => changedMembers(queryClient),
  });
}

/** A password-reset link for a member, to hand over (it works once, for 24 hours). */
export function useResetLink(userId: number) {
  return useOnceMutation<{ reset_url: string; expires_at: string }, ApiError>({
    mutationFn: () => call(api.POST('/dashboard/api/team/{user_id}/password-reset', { params: { path: { user_id: userId } } })),
  });
}
