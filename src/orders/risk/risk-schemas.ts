// TypeBox contracts of risky orders in the dashboard (issue 43; openapi/dashboard.json): a flag's
// dismissal, the spam mark (one order, in bulk), the blocked phones and the burst thresholds.
import { Type } from 'typebox';
import { Id, Nullable, Timestamp } from '../../lib/http/schema-parts.js';
import { MAX_BULK_IDS } from '../workspace/bulk/bulk-status.js';
import { ViewQuery } from '../workspace/list/list-schemas.js';
import { MAX_BLOCKED_PHONES, MAX_NOTE_LENGTH } from './blocked-phones.js';
import { MAX_SPAM_REASON } from './mark-spam.js';

const literals = (values: readonly string[], description: string) => Type.Union(values.map((v) => Type.Literal(v)), { description });

export const FlagParams = Type.Object({ id: Id, flag: Type.String({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false });

const reason = Type.Optional(Nullable(Type.String({ maxLength: MAX_SPAM_REASON, description: `Why, up to ${MAX_SPAM_REASON} characters; kept in the history entry.` })));

export const SpamBody = Type.Object({ spam: Type.Boolean({ description: 'true: mark as spam; false: take the mark off.' }), reason }, { additionalProperties: false });

export const BulkSpamBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: MAX_BULK_IDS, description: `1 to ${MAX_BULK_IDS} order ids; exactly one of \`ids\` and \`query\`.` })),
    query: Type.Optional(ViewQuery),
    spam: Type.Boolean({ description: 'true: mark as spam; false: take the mark off.' }),
    reason,
  },
  { additionalProperties: false },
);

const Count = Type.Integer({ minimum: 0 });
export const BulkSpamResultBody = Type.Object(
  {
    results: Type.Array(
      Type.Object(
        { id: Id, outcome: literals(['changed', 'unchanged', 'refused'], '`unchanged`: already so.'), code: Type.Optional(Type.Literal('order_not_found')) },
        { additionalProperties: false },
      ),
      { description: 'One per order: the ids in the order sent; a view newest first.' },
    ),
    changed: Count,
    unchanged: Count,
    refused: Count,
  },
  { additionalProperties: false },
);

export const BlockedPhone = Type.Object(
  {
    phone: Type.String({ description: 'Normalised, international digits without +: 6281234567890.' }),
    note: Type.String(),
    created_at: Timestamp,
  },
  { additionalProperties: false },
);

export const BlockedPhonesBody = Type.Object(
  {
    phones: Type.Array(BlockedPhone, { description: `Newest first; ${MAX_BLOCKED_PHONES} at most.` }),
    refused_today: Type.Integer({ minimum: 0, description: "Form orders refused today (the store's time zone) for a blocked phone: nothing else of them is kept." }),
  },
  { additionalProperties: false },
);

export const BlockPhoneBody = Type.Object(
  {
    phone: Type.String({ minLength: 1, maxLength: 40, description: 'An Indonesian phone in any written form (0812-3456-7890, +62 812 ...).' }),
    note: Type.Optional(Type.String({ maxLength: MAX_NOTE_LENGTH, description: 'Why, for the team; shown as the reason of a `blocked` flag.' })),
  },
  { additionalProperties: false },
);

export const BlockedPhoneParams = Type.Object({ phone: Type.String({ pattern: '^[0-9]{8,15}$', description: 'The phone as the list gives it (digits).' }) }, { additionalProperties: false });

const Limit = (description: string) => Type.Integer({ minimum: 1, maximum: 100, description });
export const RiskSettingsBody = Type.Object(
  {
    burst_phone_limit: Limit('Orders from one phone within an hour before the next is flagged `burst` (default 3).'),
    burst_ip_limit: Limit('Form orders from one IP address within an hour before the next is flagged `burst` (default 10: mobile carriers share addresses).'),
  },
  { additionalProperties: false },
);
