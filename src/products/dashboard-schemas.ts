// openapi/dashboard.json's operations of the dashboard's path of /api/products.php (no
// `action`, a session cookie). Documentation only: dashboard-path.ts decides every answer.
// The answers stay in SPEC's product family {error} (a refused field adds `fields`): SPEC's
// texts where SPEC has them, the dashboard's Indonesian texts otherwise.
import { Type } from 'typebox';
import { NO_STORE, REFRESHED_COOKIE, SESSION_SCHEME, type DashboardContract, type Responses } from '../dashboard/contract.js';
import { PRODUCT_FAILURES, errorResponse, type ResponseDoc, type Responses as ApiResponses, successResponse, tooManyRequestsResponse, withRateLimitHeaders } from '../lib/http/contract.js';
import { CROSS_SITE_TEXT, DASHBOARD_ERRORS, DASHBOARD_REFUSAL_TEXT, PRODUCT_TEXT } from '../lib/http/messages.js';
import { rateLimitPolicy } from '../lib/http/rate-limit-headers.js';
import { PRODUCT_PROBLEMS, problemText, type ProductProblem } from './product-problems.js';
import { PER_PAGE_DEFAULT, PER_PAGE_MAX } from './list-products.js';
import { DESCRIPTION_MAX, NAME_MAX, VARIANT_DISPLAYS, WEIGHT_MAX } from './product-fields.js';
import { PRODUCT_WINDOWS, Variation, VariantComparePrices, VariantPrices, embedFields } from './schemas.js';
import { PAYMENT_METHOD_SETTINGS } from '../tenants/store-settings.js';

const nullableList = (description: string) => Type.Union([Type.Array(Type.String()), Type.Null()], { description });
const nullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

const PAYMENT_METHODS_NOTE = `Subset of the store's payment methods (\`${PAYMENT_METHOD_SETTINGS.join('`, `')}\`) this product's form offers; null (or \`[]\` when sent): all the store offers.`;
const COURIERS_NOTE = "Subset of the store's couriers (its shipping rates) this product's form offers; null (or `[]` when sent): all of them.";
const AD_NOTE = {
  meta: 'Meta Pixel id: 15 or 16 digits; null or blank: none.',
  tiktok: 'TikTok Pixel id: 20 upper-case letters and digits; null or blank: none.',
  gtm: 'Google Tag Manager container id: `GTM-` and 4 to 12 upper-case letters and digits; null or blank: none.',
};

export const FullProduct = Type.Object(
  {
    ...embedFields,
    description: Type.String({ description: 'Shown on the form under the name.' }),
    weight_grams: Type.Integer({ minimum: 0, description: 'Weight in grams (0: not set).' }),
    variant_compare_prices: VariantComparePrices,
    payment_methods: nullableList(PAYMENT_METHODS_NOTE),
    couriers: nullableList(COURIERS_NOTE),
    meta_pixel_id: nullableText(AD_NOTE.meta),
    tiktok_pixel_id: nullableText(AD_NOTE.tiktok),
    gtm_id: nullableText(AD_NOTE.gtm),
  },
  { additionalProperties: false, description: 'The product in full: SPEC\'s embed record (its `embed` exactly as `action=embed` builds it) and the fields the editor edits.' },
);

const ProductList = Type.Object(
  {
    products: Type.Array(FullProduct, { description: 'The store\'s products that are not deleted, newest first.' }),
    page: Type.Integer({ minimum: 1 }),
    per_page: Type.Integer({ minimum: 1, maximum: PER_PAGE_MAX }),
    total: Type.Integer({ minimum: 0, description: 'How many products the store has (not deleted).' }),
  },
  { additionalProperties: false },
);

const fields = {
  slug: Type.String({ description: 'Wanted slug (folded to lower-case ASCII words joined by `-`); a numeric suffix is added when taken. On a change, the old slug keeps answering: its form URL redirects (308) to the new one.' }),
  description: Type.String({ maxLength: DESCRIPTION_MAX, description: `At most ${DESCRIPTION_MAX} characters.` }),
  price: Type.Integer({ minimum: 0, description: 'Base price in rupiah.' }),
  sale_price: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Strike-through price in rupiah; null: none.' }),
  weight_grams: Type.Integer({ minimum: 0, maximum: WEIGHT_MAX }),
  variants: Type.Array(Variation, { maxItems: 3, description: 'Up to three variations, each with at least one option.' }),
  variant_prices: Type.Union([VariantPrices, Type.Null()]),
  variant_compare_prices: Type.Union([VariantComparePrices, Type.Null()]),
  variant_display: Type.Enum([...VARIANT_DISPLAYS], { type: 'string' }),
  payment_methods: nullableList(PAYMENT_METHODS_NOTE),
  couriers: nullableList(COURIERS_NOTE),
  meta_pixel_id: nullableText(AD_NOTE.meta),
  tiktok_pixel_id: nullableText(AD_NOTE.tiktok),
  gtm_id: nullableText(AD_NOTE.gtm),
};
const name = Type.String({ minLength: 1, maxLength: NAME_MAX, description: `Trimmed, non-empty, at most ${NAME_MAX} characters.` });

const CreateBody = Type.Object(
  { name, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Type.Optional(v)])), price: fields.price },
  { description: 'A JSON object. `name` and `price` are required; the rest default to empty (no variations, no ad ids, all payment methods and couriers).' },
);
const ChangeBody = Type.Object(
  { name: Type.Optional(name), ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Type.Optional(v)])) },
  { description: 'A JSON object with the fields to change; a field not sent keeps its value. Variant prices are checked against the variations after the change.' },
);

const PROBLEM_CODES = Object.keys(PRODUCT_PROBLEMS) as ProductProblem[];
const FIELDS = Type.Record(Type.String(), Type.String(), {
  description: "The refused field (`name`, `slug`, `price`, `gtm_id`, ..., or `body`) and why, in the dashboard's words (Indonesian): what the page shows beside it. Present on every refused field.",
});

/** 400: a refused field (SPEC's text where SPEC has one, else the dashboard's, and `fields`), or `id` missing. */
function bodyRefusals(description: string, withId: boolean): ResponseDoc {
  const texts = [...(withId ? [PRODUCT_TEXT.idRequired] : []), ...PROBLEM_CODES.map(problemText)];
  const examples = Object.fromEntries([
    ...(withId ? [['id_required', { summary: PRODUCT_TEXT.idRequired, value: { error: PRODUCT_TEXT.idRequired } }]] : []),
    ...PROBLEM_CODES.map((code) => [code, { summary: problemText(code), value: { error: problemText(code), fields: { [PRODUCT_PROBLEMS[code].field]: DASHBOARD_REFUSAL_TEXT[code] } } }]),
  ]);
  const schema = Type.Object({ error: Type.Enum(texts, { type: 'string' }), fields: Type.Optional(FIELDS) }, { additionalProperties: false });
  return { description, content: { 'application/json': { schema, examples } } };
}

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Products'];
const LIMIT = 'The path\'s IP window (60 requests / 60 s per IP, shared with every API-key request from that IP) is consumed first. Answers are SPEC\'s product family `{error}`.';
const unauthorised = errorResponse('No valid session (an `X-API-Key` is ignored on this path).', { login_required: PRODUCT_TEXT.loginRequired });
const storeChanged = errorResponse('`X-Lapak-Store` differs from the session\'s selected store; nothing was done.', { store_changed: DASHBOARD_ERRORS.store_changed.error });
const forbidden = (permission: string, write: boolean) =>
  errorResponse(
    `The member's role lacks \`${permission}\`${write ? ', or the write carries the session cookie from another site' : ''}.`,
    { forbidden: DASHBOARD_ERRORS.forbidden.error, ...(write ? { cross_site_request: CROSS_SITE_TEXT } : {}) },
  );
// A Content-Type that names no media type (empty, `;`): refused after the session and the method (dashboard-path.ts).
const unsupportedType = errorResponse('The request has a Content-Type that names no media type at all (empty, `;`, `nonsense`); judged after the session and the method. Any media type is accepted (a body is read as JSON).', {
  unsupported_media_type: DASHBOARD_ERRORS.unsupported_media_type.error,
});
const notFound = errorResponse('No product with this id in the session\'s store (or it was deleted).', { product_not_found: PRODUCT_TEXT.productNotFound });
const common: Responses = {
  401: unauthorised,
  409: storeChanged,
  429: tooManyRequestsResponse('the IP\'s window of the path is full, or the IP is blocked'),
  500: PRODUCT_FAILURES[500],
  503: PRODUCT_FAILURES[503],
};
const success = (doc: Responses[string]): Responses[string] => ({ ...doc, headers: { 'Cache-Control': NO_STORE, 'Set-Cookie': REFRESHED_COOKIE, ...doc.headers } });
// The rate-limit headers as on the API-key operations of the path (a 204 has no content, the one difference of the types).
const limited = (contract: DashboardContract): DashboardContract =>
  withRateLimitHeaders(contract as unknown as { response: ApiResponses }, rateLimitPolicy(PRODUCT_WINDOWS, 1), true, ['403']) as unknown as DashboardContract;

const EXAMPLE = {
  success: true, id: 4, name: 'Kaos Polos', slug: 'kaos-polos', price: 50000, sale_price: null,
  variants: [{ dimension: 'Warna', options: ['Hitam', 'Putih'] }], variant_prices: [50000, 52000], variant_display: 'default',
  embed: {
    product_id: 4, tenant_id: 1, slug: 'kaos-polos', form_url: 'https://lapak.example/form/1/kaos-polos',
    iframe: '<iframe id="lapak-form-4" ...></iframe><script ...></script>',
    iframe_with_pixel: '<iframe id="lapak-form-4" ...></iframe><script ... data-lapak-pixel="1" async></script>',
  },
  description: 'Katun 30s.', weight_grams: 200, variant_compare_prices: [], payment_methods: null, couriers: ['JNE'],
  meta_pixel_id: '123456789012345', tiktok_pixel_id: null, gtm_id: null,
};

export const dashboardContracts: Record<'GET' | 'POST' | 'PATCH' | 'DELETE', DashboardContract> = {
  GET: limited({
    operationId: 'readProducts',
    summary: 'List the store\'s products, or read one in full (session)',
    description: `Without \`id\`: a page of the store's products (\`page\` from 1, \`per_page\` 1 to ${PER_PAGE_MAX}, default ${PER_PAGE_DEFAULT}). With \`id\`: that product in full. Needs \`products:read\` (every member). ${LIMIT}`,
    tags: TAGS,
    security: SESSION,
    querystring: Type.Object({
      id: Type.Optional(Type.Integer({ minimum: 1, description: 'Read this product.' })),
      page: Type.Optional(Type.Integer({ minimum: 1 })),
      per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: PER_PAGE_MAX })),
    }),
    response: {
      200: success(successResponse('A page of products, or one product in full.', Type.Union([ProductList, FullProduct]), EXAMPLE)),
      400: errorResponse('`id` not a positive integer, or `page`/`per_page` out of range.', { id_required: PRODUCT_TEXT.idRequired, invalid_page: DASHBOARD_REFUSAL_TEXT.invalid_page, invalid_per_page: DASHBOARD_REFUSAL_TEXT.invalid_per_page }),
      403: forbidden('products:read', false),
      404: notFound,
      ...common,
    },
  }),
  POST: limited({
    operationId: 'createProduct',
    summary: 'Create a product (session)',
    description: `Needs \`products:manage\` (owners and admins). SPEC's variant price rules and texts as for duplicate; the slug gets a numeric suffix when taken. ${LIMIT}`,
    tags: TAGS,
    security: SESSION,
    body: CreateBody,
    response: {
      201: success(successResponse('Created: the product in full.', FullProduct, EXAMPLE)),
      400: bodyRefusals('A field is refused: `fields` names it in the dashboard\'s words; `error` is SPEC\'s text where SPEC has one (name, slug, the variant price problems), else the same Indonesian text.', false),
      403: forbidden('products:manage', true),
      413: PRODUCT_FAILURES[413],
      415: unsupportedType,
      ...common,
    },
  }),
  PATCH: limited({
    operationId: 'changeProduct',
    summary: 'Change a product (session)',
    description: `Needs \`products:manage\`. Changing the slug keeps the old form URL answering with a redirect (308) to the new one. ${LIMIT}`,
    tags: TAGS,
    security: SESSION,
    querystring: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
    body: ChangeBody,
    response: {
      200: success(successResponse('Changed: the product in full.', FullProduct, EXAMPLE)),
      400: bodyRefusals('`id` missing, or a field is refused (`fields` names it, as on create).', true),
      403: forbidden('products:manage', true),
      404: notFound,
      413: PRODUCT_FAILURES[413],
      415: unsupportedType,
      ...common,
    },
  }),
  DELETE: limited({
    operationId: 'deleteProduct',
    summary: 'Delete a product (session; soft)',
    description: `Needs \`products:manage\`. The product leaves the list; embed and duplicate answer SPEC's 404 texts; its form answers 410 "Produk tidak tersedia"; its orders, thank-you pages and slug stay. ${LIMIT}`,
    tags: TAGS,
    security: SESSION,
    querystring: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
    response: {
      204: { description: 'Deleted.', type: 'null', headers: { 'Cache-Control': NO_STORE, 'Set-Cookie': REFRESHED_COOKIE } },
      400: errorResponse('`id` missing or not a positive integer.', { id_required: PRODUCT_TEXT.idRequired }),
      403: forbidden('products:manage', true),
      404: notFound,
      // A DELETE may carry a body; one over BODY_LIMIT is refused before the route reads anything.
      413: PRODUCT_FAILURES[413],
      415: unsupportedType,
      ...common,
    },
  }),
};
