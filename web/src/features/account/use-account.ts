// The user's own account: a new password (which ends every session of theirs, this one too).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type ApiError } from '../../api/client';
import { leave } from '../../api/use-session';

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, { current_password: string; new_password: string }>({
    mutationFn: (body) => call(api.POST('/dashboard/api/me/password', { body })),
    onSuccess: () => leave(queryClient),
  });
}
