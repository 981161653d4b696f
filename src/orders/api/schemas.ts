// The contract of /api/order_status.php (SPEC "Order record", "Order status update result",
// "GET /api/order_status.php", "PATCH /api/order_status.php", "Order status endpoint errors",
// "Idempotency rules"; docs/decisions.md "Order status endpoint").
// Documentation only: routes.ts decides every answer (src/lib/http/contract.ts says why).
import { Type } from 'typebox';
import {
  API_FAILURES,
  REQUEST_ID,
  allowHeader,
  apiErrorResponse,
  forbiddenResponse,
  requiresScope,
  successResponse,
  tooManyRequestsResponse,
  unauthorisedResponse,
  type OperationContract,
  type OtherMethodsContract,
  withRateLimitHeaders,
} from '../../lib/http/contract.js';
import { rateLimitPolicy, type AdvertisedWindow } from '../../lib/http/rate-limit-headers.js';
import { WINDOWS } from '../../lib/limits.js';
import { IDEMPOTENCY_RETENTION_MS, KEY_SHAPE } from '../../idempotency/idempotency-key.js';
import { EXTERNAL_REFERENCE_MAX } from './patch-order-status.js';
import { API_WRITABLE_STATUSES, ORDER_STATUSES } from '../core/statuses.js';

const TIMESTAMP = 'ISO 8601 with the server\'s UTC offset (`TZ`, default Asia/Jakarta: `+07:00`), to the second.';

/** SPEC's customer block: the same fields wherever an order's buyer is shown. */
export const CustomerBlock = Type.Object(
  {
    name: Type.String(),
    phone: Type.String({ description: 'Normalised: international digits without `+`, e.g. `6281234567890`.' }),
    email: Type.Union([Type.String(), Type.Null()]),
    address: Type.String(),
    village: Type.String(),
    district: Type.String(),
    city: Type.String(),
    province: Type.String(),
    postal_code: Type.String(),
  },
  { additionalProperties: false, description: 'The buyer: all strings, `email` may be null.' },
);

const Status = Type.Enum([...ORDER_STATUSES], { type: 'string', description: 'One of the seven order states.' });
const Writable = (description: string) => Type.Enum([...API_WRITABLE_STATUSES], { type: 'string', description });

export const OrderRecord = Type.Object(
  {
    id: Type.Integer({ minimum: 1, description: 'Order number.' }),
    status: Status,
    product: Type.String({ description: 'Product name.' }),
    variant: Type.String({ description: 'Chosen variant, e.g. `Hitam / L`; empty for a product without variations.' }),
    quantity: Type.Integer({ minimum: 1 }),
    total: Type.Integer({ description: 'Rupiah: unit price x quantity + shipping fee.' }),
    shipping_fee: Type.Integer({ description: 'Rupiah.' }),
    payment_method: Type.String({ description: 'e.g. `bank_transfer`, `cod`, `midtrans`, `xendit`.' }),
    courier: Type.String(),
    resi: Type.Union([Type.String(), Type.Null()], { description: 'Shipping tracking number; null when absent.' }),
    customer: Type.Optional(
      Type.Object(CustomerBlock.properties, { additionalProperties: false, description: 'Present only when the key also holds `customers:read` (or `*`).' }),
    ),
    created_at: Type.String({ format: 'date-time', description: TIMESTAMP }),
  },
  { additionalProperties: false, description: 'SPEC "Order record": a fixed field list; columns added later are never included.' },
);

export const OrderResponse = Type.Object(
  { success: Type.Literal(true), order: OrderRecord, request_id: REQUEST_ID },
  { additionalProperties: false },
);

export const StatusUpdateResult = Type.Object(
  {
    order_id: Type.Integer({ minimum: 1, description: 'The order changed.' }),
    previous_status: Writable('Status before the request.'),
    status: Writable('Status after the request.'),
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: `When the change was applied; null when \`changed\` is false. ${TIMESTAMP}` }),
    request_id: REQUEST_ID,
    changed: Type.Boolean({ description: 'false: the order was already in the requested status. This is a success.' }),
  },
  { additionalProperties: false, description: 'SPEC "Order status update result". Never carries customer data.' },
);

const idQuery = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'Order number. Missing or not a positive integer gives 400 `invalid_request`.' }),
});

const positiveId = Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^\\s*[1-9][0-9]{0,15}\\s*$' })], {
  description: 'Order number: a positive integer, as a JSON number or a string of digits.',
});

export const PatchBody = Type.Object(
  {
    id: positiveId,
    status: Writable('The status to move to: `pending` or `closing` (another value: 422 `status_not_allowed`).'),
    expected_previous_status: Type.Optional(
      Type.Union([Writable('When sent, the order must be in this status, else 409 `status_conflict` and nothing changes.'), Type.Null()], {
        description: 'pending or closing; null counts as not sent; another value gives 422 `expected_status_not_allowed`.',
      }),
    ),
    external_reference: Type.Optional(
      Type.Union([Type.String({ maxLength: EXTERNAL_REFERENCE_MAX }), Type.Null()], {
        description: `Passed to the event. At most ${EXTERNAL_REFERENCE_MAX} characters (Unicode characters counted; more: 422 \`external_reference_too_long\`). null counts as not sent.`,
      }),
    ),
  },
  { description: 'A JSON object (read as JSON whatever media type the Content-Type names; not an object, or a Content-Type that names no media type (empty, `;`, `nonsense`): 400 `invalid_json`). Other fields are ignored.' },
);

const RETENTION_DAYS = IDEMPOTENCY_RETENTION_MS / (24 * 3_600_000);

export const PatchHeaders = Type.Object({
  'Idempotency-Key': Type.Optional(
    Type.String({
      pattern: KEY_SHAPE.source,
      description:
        '8 to 120 characters from `A-Z a-z 0-9 . _ : -`, unique per logical request; optional but strongly advised. ' +
        'Same key and same content: the original response is returned with `Idempotency-Replayed: true` and the order is ' +
        'untouched. Same key, different content: 422 `idempotency_key_reused`. Same key while the first request runs: 409 ' +
        '`request_in_progress`. Only successes are remembered (scoped to the store and the API key), for ' +
        `${RETENTION_DAYS} days; the order of JSON keys does not matter.`,
    }),
  ),
});

const LIMIT = `Limit: ${WINDOWS.orderStatusPerKey.points} requests / ${WINDOWS.orderStatusPerKey.durationSec} s per API key, GET and PATCH together.`;
const ORDER_429 = tooManyRequestsResponse('the key\'s window is full (checked after the key, before its scopes)');

/** The windows `RateLimit-Policy` lists for this path, in the order they are consumed. */
export const ORDER_WINDOWS = ['orderStatusPerKey'] as const satisfies readonly AdvertisedWindow[];

export const getOrderContract: OperationContract = withRateLimitHeaders({
  operationId: 'getOrder',
  summary: 'Read one order',
  description:
    'One order of the key\'s store. Scope `orders:read`; the customer block is included only when the key also holds ' +
    '`customers:read` (or `*`). Checks, in order: the API key; the per-key window; the scope; `id`; the order. ' +
    `Use it to reconcile: webhooks are a quick notification. ${LIMIT}`,
  tags: ['Orders'],
  security: requiresScope('orders:read'),
  querystring: idQuery,
  example: { query: { id: '1' } },
  response: {
    200: successResponse('The order record, and the request id.', OrderResponse, {
      success: true,
      order: {
        id: 1042,
        status: 'pending',
        product: 'Kaos Polos',
        variant: 'Hitam / L',
        quantity: 2,
        total: 120000,
        shipping_fee: 10000,
        payment_method: 'bank_transfer',
        courier: 'JNE',
        resi: null,
        customer: {
          name: 'Siti Aminah',
          phone: '6281234567890',
          email: 'siti@example.com',
          address: 'Jl. Melati No. 5',
          village: 'Sukamaju',
          district: 'Cibeunying',
          city: 'Bandung',
          province: 'Jawa Barat',
          postal_code: '40123',
        },
        created_at: '2026-01-15T10:00:00+07:00',
      },
      request_id: '3f9a0c21',
    }),
    400: apiErrorResponse('`id` is missing or not a positive integer.', ['invalid_request']),
    401: unauthorisedResponse(),
    403: forbiddenResponse('orders:read'),
    404: apiErrorResponse('No order with this id in the key\'s store.', ['order_not_found']),
    429: ORDER_429,
    500: API_FAILURES[500],
    503: API_FAILURES[503],
  },
}, rateLimitPolicy(ORDER_WINDOWS, 1), false);

export const patchOrderContract: OperationContract = withRateLimitHeaders({
  operationId: 'updateOrderStatus',
  summary: 'Move an order between pending and closing',
  description:
    'Moves an order from `pending` to `closing` or back. The same status again is a success with `changed: false` ' +
    '(no change, no event). A change queues the event `order.status_changed` (with `changed_by`, `integration`, ' +
    '`external_reference`) and writes an edit-history entry, in the same transaction. Orders in paid, shipped, ' +
    'completed, cancelled or invalid_no_hp are final for the API (409 `order_terminal`). Stores with a fulfilment ' +
    'integration may only close orders whose shipping data is complete (422 `closing_incomplete`). Scope ' +
    '`orders.status:write` (`orders:read` is not needed; `orders:write` does not cover it). Checks, in order: the API ' +
    'key; the per-key window; the scope; the body; `id` and `status`; `status`; `expected_previous_status`; ' +
    '`external_reference`; the Idempotency-Key; the remembered response; the order; final status; expected status; ' +
    `no-op; completeness. ${LIMIT}`,
  tags: ['Orders'],
  security: requiresScope('orders.status:write'),
  headers: PatchHeaders,
  example: {
    headers: { 'Idempotency-Key': 'crm-ticket-981-close' },
    body: { id: 1, status: 'closing', expected_previous_status: 'pending', external_reference: 'crm-ticket-981' },
  },
  body: PatchBody,
  response: {
    200: successResponse(
      'The order status update result. A replay of a remembered response carries `Idempotency-Replayed: true` and the original `request_id` and `updated_at`.',
      StatusUpdateResult,
      { order_id: 1042, previous_status: 'pending', status: 'closing', updated_at: '2026-01-15T10:05:00+07:00', request_id: '3f9a0c21', changed: true },
      { 'Idempotency-Replayed': { description: 'Present (`true`) only on a replay of a remembered response.', type: 'string', enum: ['true'] } },
    ),
    400: apiErrorResponse('The body is not a JSON object, or `id`/`status` is empty or `id` not a positive number (or `external_reference` not a string).', [
      'invalid_json',
      'invalid_request',
    ]),
    401: unauthorisedResponse(),
    403: forbiddenResponse('orders.status:write'),
    404: apiErrorResponse('No order with this id in the key\'s store.', ['order_not_found']),
    409: apiErrorResponse(
      'The order is not in `expected_previous_status`, or is final for the API; the same Idempotency-Key is still being ' +
        'processed (retry after about 5 seconds); or the status changed while the request was processed (retry). Nothing changed.',
      ['status_conflict', 'order_terminal', 'request_in_progress', 'update_conflict'],
    ),
    413: API_FAILURES[413],
    422: apiErrorResponse(
      'A value is refused. `closing_incomplete` lists the empty fields in `missing_fields` (field paths of the order record). Nothing changed.',
      ['status_not_allowed', 'expected_status_not_allowed', 'external_reference_too_long', 'closing_incomplete', 'idempotency_key_invalid', 'idempotency_key_reused'],
    ),
    429: ORDER_429,
    500: API_FAILURES[500],
    503: API_FAILURES[503],
  },
}, rateLimitPolicy(ORDER_WINDOWS, 1), false);

export const otherMethodsContract: OtherMethodsContract = {
  description: 'Any method other than GET and PATCH (HEAD and OPTIONS included) gives 405 `method_not_allowed`.',
  response: {
    405: apiErrorResponse('Only GET and PATCH.', ['method_not_allowed'], { Allow: allowHeader(['GET, PATCH']) }),
    413: API_FAILURES[413],
  },
};
