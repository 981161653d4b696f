// The order's conversation with the buyer (issue 42 §4): what the buyer wrote and the store's
// answers, the 24-hour window, STOP; a CS's answer through the store's provider, and "Sudah
// ditangani". Its key sits under the order's, so whatever asks the order again (the live stream's
// event of a buyer's reply included) asks the conversation again too.
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api, call, type ApiError, type paths } from '../../api/client';
import { useOnceMutation } from '../../api/use-once-mutation';
import { orderKeys } from './use-orders';

export type Conversation = paths['/dashboard/api/orders/{id}/conversation']['get']['responses'][200]['content']['application/json'];
export type ChatMessage = Conversation['messages'][number];
export type AnswerResult = paths['/dashboard/api/orders/{id}/conversation']['post']['responses'][201]['content']['application/json'];

export const conversationKeys = {
  of: (id: number) => [...orderKeys.one(id), 'conversation'] as const,
};

export const conversationQuery = (id: number) =>
  queryOptions({ queryKey: conversationKeys.of(id), queryFn: () => call(api.GET('/dashboard/api/orders/{id}/conversation', { params: { path: { id } } })) });

/** "Balasan baru" changed: the conversation, and the lists and counts that show or filter it. */
function replyChanged(queryClient: ReturnType<typeof useQueryClient>, id: number): void {
  void queryClient.invalidateQueries({ queryKey: conversationKeys.of(id) });
  void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: orderKeys.allCounts() });
}

/** Sends the CS's answer; it shows in the conversation whether the provider took it or not. */
export function useAnswerBuyer(id: number) {
  const queryClient = useQueryClient();
  return useOnceMutation<AnswerResult, ApiError, string>({
    mutationFn: (text) => call(api.POST('/dashboard/api/orders/{id}/conversation', { params: { path: { id } }, body: { text } })),
    onSuccess: () => replyChanged(queryClient, id),
    // The window closed or the provider went meanwhile: show the conversation as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: conversationKeys.of(id) }),
  });
}

/** "Sudah ditangani": the reply needs no answer. */
export function useMarkHandled(id: number) {
  const queryClient = useQueryClient();
  return useOnceMutation<unknown, ApiError, void>({
    mutationFn: () => call(api.POST('/dashboard/api/orders/{id}/conversation/handled', { params: { path: { id } } })),
    onSuccess: () => replyChanged(queryClient, id),
  });
}
