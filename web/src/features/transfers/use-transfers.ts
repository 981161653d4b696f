// Manual transfers: a bank statement matched against the unpaid orders (the server reads the
// file and keeps nothing), and the confirmation of the ticked matches.
import { useOnceMutation } from '../../api/use-once-mutation';
import { api, call, type ApiError, type paths } from '../../api/client';

type MatchOp = paths['/dashboard/api/transfers/statements']['post'];
export type StatementQuery = NonNullable<MatchOp['parameters']['query']>;
export type Bank = StatementQuery['bank'];
export type Proposal = MatchOp['responses'][200]['content']['application/json'];
export type Match = Proposal['matches'][number];
export type ConfirmBody = NonNullable<paths['/dashboard/api/transfers/confirm']['post']['requestBody']>['content']['application/json'];
export type ConfirmResult = paths['/dashboard/api/transfers/confirm']['post']['responses'][200]['content']['application/json']['results'][number];

export const BANKS: Bank[] = ['bca', 'mandiri', 'bri', 'bni', 'generic'];

/** Sends the statement as text/csv; the answer proposes which credit pays which order. */
export function useMatchStatement() {
  return useOnceMutation<Proposal, ApiError, { query: StatementQuery; csv: string }>({
    mutationFn: ({ query, csv }) =>
      call(
        api.POST('/dashboard/api/transfers/statements', {
          params: { query },
          body: csv,
          bodySerializer: (body: string) => body,
          headers: { 'Content-Type': 'text/csv' },
        }),
      ),
  });
}

export function useConfirmTransfers() {
  return useOnceMutation<{ results: ConfirmResult[] }, ApiError, ConfirmBody>({
    mutationFn: (body) => call(api.POST('/dashboard/api/transfers/confirm', { body })),
  });
}
