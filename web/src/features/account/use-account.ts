// The user's own account: a new password (which ends every session of theirs, this one too), and
// their own WhatsApp number in the selected store.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type ApiError } from '../../api/client';
import { leave, meQuery } from '../../api/use-session';

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, { current_password: string; new_password: string }>({
    mutationFn: (body) => call(api.POST('/dashboard/api/me/password', { body })),
    onSuccess: () => leave(queryClient),
  });
}

/** One's own WhatsApp number in the selected store (null: none, the store's is used); the answer is /me. */
export function useSetWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, string | null>({
    mutationFn: (whatsapp_number) => call(api.PATCH('/dashboard/api/me', { body: { whatsapp_number } })),
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me as never),
  });
}
