// The contract of POST /api/customer_lookup.php. SPEC leaves its request, response and own
// error codes open; this documents what the code does (docs/customer-lookup.md).
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
} from '../lib/http/contract.js';
import { rateLimitPolicy, type AdvertisedWindow } from '../lib/http/rate-limit-headers.js';
import { LOOKUP_BRAKE, WINDOWS } from '../lib/limits.js';
import { CustomerBlock } from '../orders/api/schemas.js';
import { ORDER_STATUSES } from '../orders/core/statuses.js';
import { LOOKUP_ORDER_LIMIT } from './lookup-customer.js';
import { LOOKUP_MIN_RESPONSE_MS } from './response-floor.js';

export const LookupBody = Type.Object(
  {
    phone: Type.String({
      minLength: 1,
      description:
        'An Indonesian phone number (mobile or landline) in any common written form: `081234567890`, ' +
        '`0812-3456-7890`, `(0812) 3456-7890`, `6281234567890`, `+62 812 3456 7890`, `+62 (0)812...`, `0062 812...`, ' +
        '`81234567890`. At most 40 characters after trimming. Numbers of other countries are refused.',
    }),
  },
  { description: 'A JSON object (read as JSON whatever media type the Content-Type names; without a Content-Type header, or with one that names no media type (empty, `;`, `nonsense`), the body is not read: 400 `invalid_json`). Other fields are ignored.' },
);

export const LookupResult = Type.Object(
  {
    success: Type.Literal(true),
    customer: Type.Object(CustomerBlock.properties, {
      additionalProperties: false,
      description: 'The customer block, taken from the customer\'s newest order in the store (highest order id).',
    }),
    orders: Type.Array(
      Type.Object(
        {
          id: Type.Integer({ minimum: 1 }),
          status: Type.Enum([...ORDER_STATUSES], { type: 'string' }),
          product: Type.String(),
          variant: Type.String(),
          quantity: Type.Integer({ minimum: 1 }),
          total: Type.Integer({ description: 'Rupiah.' }),
          created_at: Type.String({ format: 'date-time' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: LOOKUP_ORDER_LIMIT, description: `The customer's orders in the store, newest first, at most ${LOOKUP_ORDER_LIMIT}. No shipping or payment fields: read one order for those.` },
    ),
    order_count: Type.Integer({ minimum: 1, description: `All the customer's orders in the store (may exceed ${LOOKUP_ORDER_LIMIT}).` }),
    opening_message: Type.String({ description: 'The store\'s opening message template rendered for this customer (docs/customer-lookup.md).' }),
    request_id: REQUEST_ID,
  },
  { additionalProperties: false },
);

const window = (name: 'lookupPerKeyMinute' | 'lookupPerKeyHour' | 'lookupPerKeyDay' | 'lookupPerKeyAndIp' | 'lookupPerIp') =>
  `${WINDOWS[name].points} / ${WINDOWS[name].durationSec} s`;

const LIMITS =
  `Limits, checked in this order, each counting every request that reaches it: ${window('lookupPerIp')} per IP (before the key is read); ` +
  `then per API key ${window('lookupPerKeyMinute')}, ${window('lookupPerKeyHour')}, ${window('lookupPerKeyDay')}; ` +
  `${window('lookupPerKeyAndIp')} per key and IP pair; after the scope, a database brake of ${LOOKUP_BRAKE.points} / ${LOOKUP_BRAKE.durationSec} s ` +
  'per key against parallel bursts. The first full window answers.';

const FLOOR =
  `Every answer given after the key has authenticated takes at least ${LOOKUP_MIN_RESPONSE_MS} ms (success, 400, 404, 403 missing ` +
  'scope, 429 of the key windows and the brake, 500); client timeouts should be at least 2 seconds.';

/** The windows `RateLimit-Policy` lists for this path, in the order they are consumed. */
export const LOOKUP_WINDOWS = ['lookupPerIp', 'lookupPerKeyMinute', 'lookupPerKeyHour', 'lookupPerKeyDay', 'lookupPerKeyAndIp'] as const satisfies readonly AdvertisedWindow[];

export const lookupContract: OperationContract = withRateLimitHeaders({
  operationId: 'lookupCustomer',
  summary: 'Look up a customer by phone number',
  description:
    'Finds a customer of the key\'s store by phone number: their details (from their newest order), their recent ' +
    'orders and a ready-to-send opening message. Only the key\'s own store is searched. Scope `customers:read`. ' +
    `${LIMITS} ${FLOOR}`,
  tags: ['Customers'],
  security: requiresScope('customers:read'),
  body: LookupBody,
  example: { body: { phone: '0812-3456-7890' } },
  response: {
    200: successResponse('The customer, their orders and the opening message.', LookupResult, {
      success: true,
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
      orders: [
        { id: 1042, status: 'pending', product: 'Kaos Polos', variant: 'Hitam / L', quantity: 2, total: 120000, created_at: '2026-01-15T10:00:00+07:00' },
        { id: 977, status: 'completed', product: 'Mug Keramik', variant: '', quantity: 1, total: 45000, created_at: '2025-12-02T19:41:07+07:00' },
      ],
      order_count: 2,
      opening_message:
        'Halo Kak Siti Aminah, terima kasih sudah berbelanja di Toko Berkah. Pesanan terakhir Kakak #1042 (Kaos Polos) saat ini berstatus menunggu pembayaran.',
      request_id: '3f9a0c21',
    }),
    400: apiErrorResponse(
      'The body is not a JSON object; `phone` is missing, blank or not a string; or it is not a valid Indonesian number.',
      ['invalid_json', 'phone_required', 'invalid_phone'],
    ),
    401: unauthorisedResponse(),
    403: forbiddenResponse('customers:read'),
    404: apiErrorResponse('No order in the key\'s store carries this number.', ['customer_not_found']),
    413: API_FAILURES[413],
    429: tooManyRequestsResponse('a window is full: per IP (before the key is read), per key (minute, hour, day), per key and IP, or the database brake'),
    500: API_FAILURES[500],
    503: API_FAILURES[503],
  },
}, rateLimitPolicy(LOOKUP_WINDOWS, 1), true);

export const otherMethodsContract: OtherMethodsContract = {
  description: 'Any method other than POST (HEAD and OPTIONS included) gives 405 `method_not_allowed`.',
  response: {
    405: apiErrorResponse('Only POST.', ['method_not_allowed'], { Allow: allowHeader(['POST']) }),
    413: API_FAILURES[413],
  },
};
