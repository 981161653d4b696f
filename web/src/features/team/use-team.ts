import { queryOptions } from '@tanstack/react-query';
import { api, call, type paths } from '../../api/client';

export type Member = paths['/dashboard/api/team']['get']['responses'][200]['content']['application/json']['members'][number];
export type Invitation = paths['/dashboard/api/team/invitations']['get']['responses'][200]['content']['application/json']['invitations'][number];
export type Role = Member['role'];

export const teamQuery = queryOptions({ queryKey: ['team'], queryFn: () => call(api.GET('/dashboard/api/team')) });
export const invitationsQuery = queryOptions({ queryKey: ['team', 'invitations'], queryFn: () => call(api.GET('/dashboard/api/team/invitations')) });
