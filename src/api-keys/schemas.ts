// TypeBox contracts of the API-key routes of the dashboard (openapi/dashboard.json).
import { Type } from 'typebox';
import { KEY_PURPOSE_NAMES } from './purposes.js';

const Id = Type.Integer({ minimum: 1 });
const Timestamp = Type.String({ description: 'ISO 8601 with the server\'s UTC offset (TZ).', examples: ['2026-11-30T23:59:59+07:00'] });
const Scope = Type.String({ examples: ['orders:read'] });
const Purpose = Type.Union(KEY_PURPOSE_NAMES.map((p) => Type.Literal(p)), {
  description: 'customer_lookup: customers:read. order_status: orders:read, orders.status:write. order_status_customer: those two plus customers:read.',
});

export const KeyIdParams = Type.Object({ id: Id }, { additionalProperties: false });

export const KeyListing = Type.Object(
  {
    id: Id,
    name: Type.String({ description: 'The connector name.' }),
    marker: Type.String({ description: 'The first characters of the key, to recognise it; never the key.' }),
    scopes: Type.Array(Scope),
    purpose: Type.Union([Purpose, Type.Null()], { description: 'null for keys issued with the CLI.' }),
    expires_at: Type.Union([Timestamp, Type.Null()]),
    revoked: Type.Boolean(),
    revoked_at: Type.Union([Timestamp, Type.Null()]),
    last_used_at: Type.Union([Timestamp, Type.Null()], { description: 'Written at most once a minute per key.' }),
    created_at: Timestamp,
  },
  { additionalProperties: false },
);

export const KeyList = Type.Array(KeyListing);

export const IssueKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: 'The connector name: unique among the store\'s active (neither revoked nor expired) keys.' }),
    purpose: Purpose,
    expires_at: Type.Optional(
      Type.Union([Type.String({ description: 'A date YYYY-MM-DD (the key works through the end of that day in the store\'s time zone: the server\'s unless the store chose one) or an ISO 8601 timestamp with Z or an offset.', examples: ['2026-12-31'] }), Type.Null()]),
    ),
  },
  { additionalProperties: false },
);

export const IssuedKeyBody = Type.Object(
  {
    id: Id,
    key: Type.String({ description: 'The key, shown this once: it is stored only as a hash.' }),
    marker: Type.String(),
    scopes: Type.Array(Scope),
    expires_at: Timestamp,
  },
  { additionalProperties: false },
);

export const RevokedKeyBody = Type.Object({ id: Id, revoked: Type.Literal(true) }, { additionalProperties: false });
