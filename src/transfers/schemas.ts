// TypeBox contracts of the transfer-matching routes of the dashboard (openapi/dashboard.json).
import { Type } from 'typebox';
import { BANKS } from './statement-formats.js';

const Id = Type.Integer({ minimum: 1 });
const Bank = Type.Union(BANKS.map((b) => Type.Literal(b)), {
  description: 'A preset for the internet-banking CSV export of BCA, Mandiri, BRI or BNI, or `generic` with the column mapping in the other parameters.',
});
const Column = Type.String({ minLength: 1, maxLength: 100, description: 'A header name of the CSV (case and spacing ignored) or a 1-based column number.' });
const OpenStatus = Type.Union([Type.Literal('pending'), Type.Literal('closing')]);

export const MAX_DAYS = 31;
export const DEFAULT_DAYS = 7;
export const MAX_CONFIRM_ITEMS = 500;
export const STATEMENT_BODY_LIMIT = 2 * 1024 * 1024;

export const StatementQuery = Type.Object(
  {
    bank: Bank,
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_DAYS, default: DEFAULT_DAYS, description: `How many days before a credit's date an order may have been placed to match it (default ${DEFAULT_DAYS}).` })),
    date: Type.Optional(Column),
    description: Type.Optional(Column),
    amount: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'generic: one amount column: negative, in parentheses, or marked DB/D is a debit; positive or marked CR/K a credit. Give this or `credit`.' })),
    credit: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'generic: the credit column (with `debit` when the file has one).' })),
    debit: Type.Optional(Column),
    direction: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'generic: a column saying CR/DB (K/D, Kredit/Debit) beside `amount`.' })),
    balance: Type.Optional(Column),
    date_format: Type.Optional(Type.Union([Type.Literal('dmy'), Type.Literal('ymd'), Type.Literal('mdy')], { description: 'generic: order of day, month and year in dates written with numbers only (default dmy). YYYY-MM-DD is always read as such.' })),
  },
  { additionalProperties: false },
);

export const StatementBody = Type.String({ description: 'The statement as exported (CSV; comma, semicolon or tab; UTF-8), up to 2 MiB. It is read and not kept.' });

const Credit = Type.Object(
  {
    date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'The credit\'s date (YYYY-MM-DD).' }),
    description: Type.String({ maxLength: 2000 }),
    amount: Type.Number({ exclusiveMinimum: 0, description: 'Rupiah.' }),
    balance: Type.Union([Type.Number(), Type.Null()], { description: 'The balance after the line, when the statement has one.' }),
  },
  { additionalProperties: false, description: 'A credit line of the statement: with the bank, its identity (an applied line never applies again).' },
);

const CandidateOrder = Type.Object(
  {
    id: Id,
    status: OpenStatus,
    total: Type.Integer({ description: 'Rupiah: unit price x quantity + shipping fee + unique code.' }),
    unique_code: Type.Union([Type.Integer({ minimum: 1, maximum: 999 }), Type.Null()]),
    customer_name: Type.String(),
    created_at: Type.String({ description: 'ISO 8601 with the server\'s UTC offset.' }),
  },
  { additionalProperties: false },
);

const LineNumber = Type.Integer({ minimum: 1, description: 'The line of the file.' });

export const ProposalBody = Type.Object(
  {
    bank: Bank,
    days: Type.Integer(),
    matches: Type.Array(Type.Object({ line: LineNumber, credit: Credit, order: CandidateOrder }, { additionalProperties: false }), {
      description: 'Credits whose amount is the total of exactly one open transfer order placed within `days` days before.',
    }),
    ambiguous: Type.Array(Type.Object({ line: LineNumber, credit: Credit, orders: Type.Array(CandidateOrder) }, { additionalProperties: false }), {
      description: 'Credits with more than one such order, or whose one order another credit of the statement would also pay.',
    }),
    unmatched: Type.Array(Type.Object({ line: LineNumber, credit: Credit }, { additionalProperties: false })),
    already_applied: Type.Array(Type.Object({ line: LineNumber, credit: Credit, order_id: Id }, { additionalProperties: false }), {
      description: 'Credits an earlier confirmation already applied (a second upload, an overlapping export): never matched again.',
    }),
    errors: Type.Array(Type.Object({ line: LineNumber, message: Type.String() }, { additionalProperties: false }), {
      description: 'Lines that could not be read. When there are any, the other lists are empty: nothing is proposed.',
    }),
  },
  { additionalProperties: false },
);

export const ConfirmBody = Type.Object(
  {
    bank: Bank,
    items: Type.Array(
      Type.Object(
        {
          order_id: Id,
          status: Type.Union([Type.Literal('pending'), Type.Literal('closing')], { description: 'The status the proposal saw: the order is paid only if it is still in it.' }),
          credit: Credit,
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_CONFIRM_ITEMS },
    ),
  },
  { additionalProperties: false },
);

export const ConfirmResultBody = Type.Object(
  {
    results: Type.Array(
      Type.Object(
        {
          order_id: Id,
          outcome: Type.Union([Type.Literal('paid'), Type.Literal('skipped')]),
          reason: Type.Union([
            Type.Literal('status_changed'),
            Type.Literal('already_applied'),
            Type.Literal('amount_differs'),
            Type.Literal('not_found'),
            Type.Null(),
          ], { description: 'Why an item was skipped: the order left the status the proposal saw, the credit line was applied before, the order\'s total is not the amount, or no such transfer order in the store.' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
