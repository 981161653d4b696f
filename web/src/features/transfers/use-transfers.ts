import { api, call, type paths } from '../../api/client';

type MatchOp = paths['/dashboard/api/transfers/statements']['post'];
export type StatementQuery = NonNullable<MatchOp['parameters']['query']>;
export type Bank = StatementQuery['bank'];
export type Proposal = MatchOp['responses'][200]['content']['application/json'];
export type Match = Proposal['matches'][number];
export type ConfirmBody = NonNullable<paths['/dashboard/api/transfers/confirm']['post']['requestBody']>['content']['application/json'];
export type ConfirmResult = paths['/dashboard/api/transfers/confirm']['post']['responses'][200]['content']['application/json']['results'][number];

export const BANKS: Bank[] = ['bca', 'mandiri', 'bri', 'bni', 'generic'];

/** Sends the statement as text/csv: the server reads it and keeps nothing. */
export const matchStatement = (query: StatementQuery, csv: string): Promise<Proposal> =>
  call(
    api.POST('/dashboard/api/transfers/statements', {
      params: { query },
      body: csv,
      bodySerializer: (body: string) => body,
      headers: { 'Content-Type': 'text/csv' },
    }),
  );

export const confirmTransfers = (body: ConfirmBody) => call(api.POST('/dashboard/api/transfers/confirm', { body }));
