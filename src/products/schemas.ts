// The contract of /api/products.php (SPEC "GET ...?action=embed", "POST ...?action=duplicate",
// "action handling", "Product endpoint errors", docs/decisions.md "Products path").
// Documentation only: routes.ts decides every answer (src/lib/http/contract.ts says why).
import { Type } from 'typebox';
import {
  PRODUCT_FAILURES,
  allowHeader,
  errorResponse,
  forbiddenResponse,
  requiresScope,
  successResponse,
  tooManyRequestsResponse,
  unauthorisedResponse,
  type ErrorText,
  type OperationContract,
  type OtherMethodsContract,
  withRateLimitHeaders,
} from '../lib/http/contract.js';
import { rateLimitPolicy, type AdvertisedWindow } from '../lib/http/rate-limit-headers.js';
import { WINDOWS } from '../lib/limits.js';
import { CROSS_SITE_TEXT, DASHBOARD_ERRORS, PRODUCT_TEXT, TRANSPORT_TEXT } from '../lib/http/messages.js';
import { VARIANT_DISPLAYS } from './create-product.js';
import { NAME_MAX } from './duplicate-product.js';
import { SLUG_MAX } from './slug.js';

const id = (description: string) => Type.Integer({ minimum: 1, description });

export const Variation = Type.Object(
  {
    dimension: Type.String({ description: 'Name of the variation, e.g. `Warna`.' }),
    options: Type.Array(Type.String(), { minItems: 1, description: 'Its options, e.g. `["Hitam", "Putih"]`.' }),
  },
  { additionalProperties: false },
);

// SPEC "Variant price rules": the shape follows `variants`.
const priceGrid = (cell: ReturnType<typeof Type.Integer>, description: string) =>
  Type.Union([Type.Array(cell), Type.Array(Type.Array(cell)), Type.Array(Type.Array(Type.Array(cell)))], { description });

const VARIANT_PRICES_RULES =
  'Its shape follows `variants`: empty (no per-variant prices: `price` applies); with one variation a flat list ' +
  'of one price per option (never nested); with two or three variations a nested matrix whose dimensions equal the ' +
  'option counts of each variation, in the order of `variants`.';

export const VariantPrices = priceGrid(
  Type.Integer({ minimum: 1 }),
  `Price in rupiah of each variant combination, every cell an integer greater than 0. ${VARIANT_PRICES_RULES}`,
);
export const VariantComparePrices = priceGrid(
  Type.Integer({ minimum: 0 }),
  `Strike-through price of each combination, same shape as \`variant_prices\`; 0 means none. ${VARIANT_PRICES_RULES}`,
);

export const embedFields = {
  success: Type.Literal(true),
  id: id('Product id.'),
  name: Type.String(),
  slug: Type.String({ description: 'Used in the form URL. After a duplicate it may carry a numeric suffix (`-2`, `-3`, ...).' }),
  price: Type.Integer({ description: 'Base price in rupiah.' }),
  sale_price: Type.Union([Type.Integer(), Type.Null()], { description: 'Strike-through (promo) price in rupiah; null when unused.' }),
  variants: Type.Array(Variation, { maxItems: 3 }),
  variant_prices: VariantPrices,
  variant_display: Type.Enum([...VARIANT_DISPLAYS], { type: 'string', description: 'Display style of the variant picker in the form.' }),
  embed: Type.Object(
    {
      product_id: id('Same as `id`.'),
      tenant_id: id('Id of the store owning the key.'),
      slug: Type.String({ description: 'Same as `slug`.' }),
      form_url: Type.String({ format: 'uri', description: 'URL of the product\'s order form: `{PUBLIC_URL}/form/{tenant_id}/{slug}`.' }),
      iframe: Type.String({ description: 'Ready-to-paste iframe and embed script (docs/embed.md).' }),
      iframe_with_pixel: Type.String({ description: 'The same, with the ad pixel and tag manager of the product activated.' }),
    },
    { additionalProperties: false },
  ),
};

export const EmbedRecord = Type.Object(embedFields, { additionalProperties: false, description: 'SPEC "Product embed record".' });

export const DuplicateResult = Type.Object(
  { ...embedFields, variant_compare_prices: VariantComparePrices },
  { additionalProperties: false, description: 'The embed record of the new product, plus its `variant_compare_prices`.' },
);

export const DuplicateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: NAME_MAX, description: `Name of the new product: trimmed, non-empty, at most ${NAME_MAX} characters. The slug is derived from it when \`slug\` is not sent.` }),
    slug: Type.Optional(
      Type.String({ description: `Wanted slug, used when the name cannot yield one: accents folded, lower-case, other characters become \`-\`, cut at ${SLUG_MAX} characters. The slug returned may differ (a numeric suffix on collision).` }),
    ),
    variant_prices: Type.Optional(Type.Union([VariantPrices, Type.Null()], { description: 'Checked against the source\'s variants. Not sent or null: copied from the source; `[]`: no per-variant prices.' })),
    variant_compare_prices: Type.Optional(Type.Union([VariantComparePrices, Type.Null()], { description: 'As `variant_prices`; 0 allowed.' })),
  },
  {
    description:
      'A JSON object (read as JSON whatever media type the Content-Type names). Other fields are ignored: price, sale_price, variants, ' +
      'variant_display and the pixel settings are copied from the source product.',
  },
);

const actionQuery = (action: 'embed' | 'duplicate', idDescription: string) =>
  Type.Object({
    action: Type.Literal(action, { description: `Must be \`${action}\`. Without it (or empty) the path belongs to the dashboard (401 \`Login required\`); another value gives 400 \`Unknown action: <value>\`.` }),
    id: id(`${idDescription} A positive integer; missing or not positive gives 400 \`id required\`.`),
  });

const LIMIT =
  `Limit: ${WINDOWS.productsPerIp.points} requests / ${WINDOWS.productsPerIp.durationSec} s per IP address, shared by every key and every other request ` +
  `from that IP to this path; exceeding it blocks the IP for ${WINDOWS.productsPerIp.blockSec} s.`;

const CHECKS =
  'Checks, in order: the IP window; `action` present (else the dashboard\'s path); `action` known (an unknown one is ' +
  'answered after the key); the method (405, before the key); the API key and its scope; `id`.';

const UNKNOWN_ACTION: ErrorText = { prefix: 'Unknown action: ', example: PRODUCT_TEXT.unknownAction('list') };
const LOGIN_REQUIRED = { login_required: PRODUCT_TEXT.loginRequired };
const LOGIN_NOTE =
  ' `Login required`: the request has no `action` (or an empty one): that is the dashboard\'s path, which needs a login session; an API key is ignored there.';

// A write carrying the dashboard's session cookie from another site (the cross-site rule, docs/dashboard.md).
const CROSS_SITE = { cross_site_request: CROSS_SITE_TEXT };
const CROSS_SITE_NOTE = ` \`${CROSS_SITE_TEXT}\`: a write that carries a dashboard session cookie and comes from another site (\`Sec-Fetch-Site\` not \`same-origin\`, or a foreign \`Origin\`); API-key requests carry no cookie.`;

const methodNotAllowed = (allow: string, when: string) =>
  errorResponse(`${when} Header \`Allow\` names the action's method.`, { method_not_allowed: TRANSPORT_TEXT.methodNotAllowed }, { Allow: allowHeader([allow]) });

const PRODUCT_429 = tooManyRequestsResponse('the IP\'s window is full, or the IP is blocked (checked first, with or without a key)');

/** The windows `RateLimit-Policy` lists for this path, in the order they are consumed. */
export const PRODUCT_WINDOWS = ['productsPerIp'] as const satisfies readonly AdvertisedWindow[];

export const embedContract: OperationContract = withRateLimitHeaders({
  operationId: 'getProductEmbed',
  summary: 'Get product embed data',
  description:
    'The embed record of one product of the key\'s store: its fields, the form URL and the ready-to-paste snippets. ' +
    `Scope \`products:read\`. ${CHECKS} ${LIMIT}`,
  tags: ['Products'],
  security: requiresScope('products:read'),
  querystring: actionQuery('embed', 'Product id.'),
  example: { query: { action: 'embed', id: '1' } },
  response: {
    200: successResponse('The product embed record.', EmbedRecord, {
      success: true,
      id: 1,
      name: 'Kaos Polos',
      slug: 'kaos-polos',
      price: 50000,
      sale_price: 75000,
      variants: [{ dimension: 'Warna', options: ['Hitam', 'Putih'] }],
      variant_prices: [50000, 52000],
      variant_display: 'default',
      embed: {
        product_id: 1,
        tenant_id: 1,
        slug: 'kaos-polos',
        form_url: 'https://lapak.example/form/1/kaos-polos',
        iframe: '<iframe id="lapak-form-1" src="https://lapak.example/form/1/kaos-polos" ...></iframe><script src="https://lapak.example/embed.js" data-lapak-frame="lapak-form-1" async></script>',
        iframe_with_pixel: '<iframe id="lapak-form-1" src="https://lapak.example/form/1/kaos-polos" ...></iframe><script src="https://lapak.example/embed.js" data-lapak-frame="lapak-form-1" data-lapak-pixel="1" async></script>',
      },
    }),
    400: errorResponse('`id` is missing or not a positive integer, or `action` is not `embed` or `duplicate` (judged after the key).', {
      id_required: PRODUCT_TEXT.idRequired,
      unknown_action: UNKNOWN_ACTION,
    }),
    401: unauthorisedResponse(LOGIN_REQUIRED, LOGIN_NOTE),
    403: forbiddenResponse('products:read'),
    404: errorResponse('No product with this id in the key\'s store.', { product_not_found: PRODUCT_TEXT.productNotFound }),
    405: methodNotAllowed('POST', 'A GET with `action=duplicate`.'),
    429: PRODUCT_429,
    500: PRODUCT_FAILURES[500],
    503: PRODUCT_FAILURES[503],
  },
}, rateLimitPolicy(PRODUCT_WINDOWS, 1), true, ['403']);

const DUPLICATE_400 = {
  id_required: PRODUCT_TEXT.idRequired,
  body_not_object: PRODUCT_TEXT.invalidJson,
  name_required: PRODUCT_TEXT.nameRequired,
  name_too_long: PRODUCT_TEXT.nameTooLong,
  cannot_derive_slug: PRODUCT_TEXT.cannotDeriveSlug,
  variant_prices_cell: PRODUCT_TEXT.variantPriceCell,
  variant_prices_shape: PRODUCT_TEXT.variantPriceShape,
  variant_compare_prices_cell: PRODUCT_TEXT.variantCompareCell,
  variant_compare_prices_shape: PRODUCT_TEXT.variantCompareShape,
  unknown_action: UNKNOWN_ACTION,
} satisfies Record<string, ErrorText>;

export const duplicateContract: OperationContract = withRateLimitHeaders({
  operationId: 'duplicateProduct',
  summary: 'Duplicate a product',
  description:
    'Creates a new product in the key\'s store from the source product `id`: everything is copied except what the body ' +
    'sends (name, slug, variant prices). The slug may get a numeric suffix on collision: use the `slug` and ' +
    `\`embed.form_url\` returned. Scope \`products:write\`. ${CHECKS} A Content-Type that names no media type (empty, \`;\`) is ` +
    `refused (415) after the key, before \`id\`; any other is read as JSON. Then the body: name, slug, the source, the variant prices. ${LIMIT}`,
  tags: ['Products'],
  security: requiresScope('products:write'),
  querystring: actionQuery('duplicate', 'Id of the source product.'),
  example: { query: { action: 'duplicate', id: '3' }, body: { name: 'Kaos Polos Edisi Lebaran' } },
  body: DuplicateBody,
  response: {
    201: successResponse('Created: the embed record of the new product, plus its `variant_compare_prices`.', DuplicateResult, {
      success: true,
      id: 4,
      name: 'Kaos Polos Edisi Lebaran',
      slug: 'kaos-polos-edisi-lebaran',
      price: 50000,
      sale_price: null,
      variants: [{ dimension: 'Warna', options: ['Hitam', 'Putih'] }, { dimension: 'Ukuran', options: ['M', 'L'] }],
      variant_prices: [[50000, 55000], [52000, 57000]],
      variant_display: 'default',
      embed: {
        product_id: 4,
        tenant_id: 1,
        slug: 'kaos-polos-edisi-lebaran',
        form_url: 'https://lapak.example/form/1/kaos-polos-edisi-lebaran',
        iframe: '<iframe id="lapak-form-4" ...></iframe><script ...></script>',
        iframe_with_pixel: '<iframe id="lapak-form-4" ...></iframe><script ... data-lapak-pixel="1" async></script>',
      },
      variant_compare_prices: [[0, 0], [60000, 0]],
    }),
    400: errorResponse(
      'The request is refused: `id` missing or not positive, the body not a JSON object, `name` missing/blank/not a string ' +
        `or longer than ${NAME_MAX} characters, no slug derivable from the slug or name, a variant price list breaking the ` +
        'variant price rules (its text names the problem), or an unknown `action` (judged after the key).',
      DUPLICATE_400,
    ),
    401: unauthorisedResponse(LOGIN_REQUIRED, LOGIN_NOTE),
    403: forbiddenResponse('products:write', CROSS_SITE, CROSS_SITE_NOTE),
    404: errorResponse('No source product with this id in the key\'s store.', { source_not_found: PRODUCT_TEXT.sourceNotFound }),
    405: methodNotAllowed('GET', 'A POST with `action=embed`.'),
    413: PRODUCT_FAILURES[413],
    415: errorResponse('The Content-Type names no media type at all (empty, `;`, `nonsense`); judged after the key. Any media type is accepted (the body is read as JSON).', {
      unsupported_media_type: TRANSPORT_TEXT.unsupportedMediaType,
    }),
    429: PRODUCT_429,
    500: PRODUCT_FAILURES[500],
    503: PRODUCT_FAILURES[503],
  },
}, rateLimitPolicy(PRODUCT_WINDOWS, 1), true, ['403']);

export const otherMethodsContract: OtherMethodsContract = withRateLimitHeaders({
  description:
    'Any other method (PUT, PATCH, DELETE, HEAD, OPTIONS, ...): with `action=embed` or `action=duplicate`, 405 naming the ' +
    'action\'s method; without an action, the dashboard\'s path (401 `Login required` without a session; its PATCH and DELETE ' +
    'are in openapi/dashboard.json, any other method 405 to a member); with another action, the key is ' +
    `checked and then 400 \`Unknown action: <value>\`. ${LIMIT}`,
  response: {
    400: errorResponse('An unknown `action` (judged after the key).', { unknown_action: UNKNOWN_ACTION }),
    401: unauthorisedResponse(LOGIN_REQUIRED, LOGIN_NOTE),
    403: forbiddenResponse(null, CROSS_SITE, CROSS_SITE_NOTE),
    405: errorResponse(
      '`action` is `embed` (GET) or `duplicate` (POST); without an action, a session\'s request with another method than GET, POST, PATCH or DELETE.',
      { method_not_allowed: TRANSPORT_TEXT.methodNotAllowed },
      { Allow: allowHeader(['GET', 'POST', 'GET, POST, PATCH, DELETE']) },
    ),
    409: errorResponse('Without an action, with a session: `X-Lapak-Store` differs from the session\'s selected store.', { store_changed: DASHBOARD_ERRORS.store_changed.error }),
    413: PRODUCT_FAILURES[413],
    429: PRODUCT_429,
    500: PRODUCT_FAILURES[500],
    503: PRODUCT_FAILURES[503],
  },
}, rateLimitPolicy(PRODUCT_WINDOWS, 1), true, ['403']);
