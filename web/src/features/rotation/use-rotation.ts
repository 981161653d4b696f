// The CS rotation's settings (owner and admins) and a member's own duty.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type ApiError, type paths } from '../../api/client';
import { homeKeys } from '../home/use-home';

export type Rotation = paths['/dashboard/api/rotation']['get']['responses'][200]['content']['application/json'];
export type RotationInput = paths['/dashboard/api/rotation']['put']['requestBody']['content']['application/json'];
export type RotationMode = Rotation['mode'];

export const rotationKeys = { all: ['rotation'] as const };

export const rotationQuery = queryOptions({ queryKey: rotationKeys.all, queryFn: () => call(api.GET('/dashboard/api/rotation')) });

export function useSaveRotation() {
  const queryClient = useQueryClient();
  return useMutation<Rotation, ApiError, RotationInput>({
    mutationFn: (body) => call(api.PUT('/dashboard/api/rotation', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(rotationKeys.all, saved);
      return queryClient.invalidateQueries({ queryKey: homeKeys.all });
    },
  });
}

export function useSetDuty() {
  const queryClient = useQueryClient();
  return useMutation<{ on_duty: boolean }, ApiError, boolean>({
    mutationFn: (onDuty) => call(api.PUT('/dashboard/api/me/duty', { body: { on_duty: onDuty } })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: homeKeys.all }), queryClient.invalidateQueries({ queryKey: rotationKeys.all })]),
  });
}
