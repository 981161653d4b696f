// The fuzz test's requests (test/fuzz.api.test.ts): every operation of openapi/lapak.json and
// openapi/dashboard.json (read from the committed documents, so a new operation is fuzzed
// without touching this file), the order form and the payment callbacks, each sent with
// malformed headers, bodies, paths and ids drawn by fast-check from a seed.
//
// Who calls is symbolic (`auth`): the test resolves it when it sends, because the session
// changes when a fuzzed logout ends it and the test logs in again.
import fc from 'fast-check';
import { readDashboardOpenapiFile, readOpenapiFile } from './openapi-document.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the test seeded, for paths and bodies that sometimes name real rows. */
export interface World {
  tenantId: number;
  productSlug: string;
  formToken: string;
  ids: readonly number[];
}

export type Auth = 'session' | 'session-foreign-origin' | 'garbage-cookie' | 'none';
export type Key = 'all' | 'reader' | 'malformed' | 'unknown' | 'empty' | 'none';

export interface FuzzRequest {
  /** The operation, for the failure message: `PATCH /dashboard/api/settings`. */
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  auth: Auth;
  key: Key;
}

interface Operation {
  label: string;
  methods: readonly string[];
  /** The path with `{name}` for each parameter. */
  path: string;
  query: ReadonlyArray<{ name: string; schema: unknown }>;
  body: { schema: unknown; types: readonly string[] } | null;
  /** The body when it is not JSON: the form's urlencoded fields, a statement's CSV. */
  rawBody?: fc.Arbitrary<string>;
}

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];
const OTHER_METHODS = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'SEARCH', 'PROPFIND'] as const;

function operationsOf(documentText: string): Operation[] {
  const document = JSON.parse(documentText) as Json;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const [field, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue;
      const other = field === 'x-other-methods';
      if (!other && !OPERATION_METHODS.includes(field)) continue;
      const parameters = Array.isArray(operation.parameters) ? operation.parameters.filter(isObject) : [];
      const content = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content : null;
      const types = content ? Object.keys(content) : [];
      const first = content && types[0] !== undefined ? content[types[0]] : undefined;
      operations.push({
        label: `${other ? 'other methods of' : field.toUpperCase()} ${path}`,
        methods: other ? OTHER_METHODS : [field.toUpperCase()],
        path,
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: String(p.name), schema: p.schema })),
        body: content ? { schema: isObject(first) ? first.schema : {}, types } : null,
        ...(types.includes('text/csv') ? { rawBody: csvBody } : {}),
      });
    }
  }
  return operations;
}

// ---- Values -------------------------------------------------------------------------------

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const headerText = fc.string({ unit: printable, maxLength: 40 });

/** Written ids: real ones, and every way of not writing a positive integer. */
const WEIRD_IDS = [
  '0', '-1', '0x1', '1e0', '+1', '%201', '1%20', '%20', '01', '1.0', '1.', '.5', 'NaN', 'Infinity', 'null', 'true', '[1]',
  '9'.repeat(16), '9'.repeat(17), '9007199254740993', '1'.repeat(101), 'a'.repeat(120), '%zz', '%', '%E2%82', '%00', '%2F', '..', '%2e%2e', '%C3%A4', '%F0%9F%98%80',
];

const pathId = (world: World): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...world.ids.map(String)) },
    { weight: 4, arbitrary: fc.constantFrom(...WEIRD_IDS) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
  );

/** Query values: as the schema says, or not. */
function queryValue(schema: unknown, world: World): fc.Arbitrary<string> {
  const valid: Array<fc.Arbitrary<string>> = [];
  for (const value of enumValues(schema)) valid.push(fc.constant(encodeURIComponent(String(value))));
  if (isObject(schema) && (schema.type === 'integer' || schema.type === 'number')) valid.push(fc.constantFrom(...world.ids.map(String)), fc.integer({ min: -5, max: 200 }).map(String));
  return fc.oneof(
    ...(valid.length > 0 ? [{ weight: 3, arbitrary: fc.oneof(...valid) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...WEIRD_IDS, '', 'embed', 'duplicate', 'x'.repeat(300)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map(encodeURIComponent) },
  );
}

function enumValues(schema: unknown): unknown[] {
  if (!isObject(schema)) return [];
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  const alternatives = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : [];
  return alternatives.flatMap(enumValues);
}

/** A value of a JSON schema, often almost right, sometimes of the wrong type. */
function fromSchema(schema: unknown, depth: number): fc.Arbitrary<unknown> {
  const wrong = fc.jsonValue({ maxDepth: 2 });
  if (!isObject(schema) || depth > 4) return wrong;
  const alternatives = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
  let right: fc.Arbitrary<unknown>;
  if (alternatives && alternatives.length > 0) right = fc.oneof(...alternatives.map((s) => fromSchema(s, depth + 1)));
  else if (Array.isArray(schema.enum) && schema.enum.length > 0) right = fc.constantFrom(...(schema.enum as unknown[]));
  else if ('const' in schema) right = fc.constant(schema.const);
  else if (schema.type === 'string') {
    right = fc.oneof(
      fc.string({ maxLength: typeof schema.maxLength === 'number' ? Math.min(schema.maxLength + 2, 80) : 40 }),
      fc.constantFrom('', ' ', 'x'.repeat(300), 'pemilik@toko.test', '0812-3456-7890', 'Asia/Jakarta', '{nama} {toko}', '\u0000', '\uD800', '<script>', '2030-01-01T00:00:00+07:00'),
    );
  } else if (schema.type === 'integer' || schema.type === 'number') right = fc.oneof(fc.integer(), fc.constantFrom(0, 1, 2, 3, -1, 1.5, 2 ** 53, 1e308));
  else if (schema.type === 'boolean') right = fc.boolean();
  else if (schema.type === 'null') right = fc.constant(null);
  else if (schema.type === 'array') right = fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 });
  else if (schema.type === 'object' || isObject(schema.properties)) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const model = Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, fromSchema(s, depth + 1)]));
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    right = fc.oneof(
      { weight: 3, arbitrary: fc.record(model, { requiredKeys: required.filter((name) => name in model) }) },
      { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
      { weight: 1, arbitrary: fc.tuple(fc.record(model, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...a })) },
    );
  } else right = wrong;
  return fc.oneof({ weight: 6, arbitrary: right }, { weight: 1, arbitrary: wrong });
}

const nested = (open: string, close: string, depth: number, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

/** Bodies no schema describes: not JSON, not an object, too deep, tricky keys, over the body limit. */
const oddBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '', ' ', '{', '}', '[]', 'null', 'true', '"x"', '1e999', '-0', '{"a":1,"a":2}', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}',
    '\uFEFF{}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', 'a=1&b=2', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  ),
  fc.constantFrom(63, 64, 65, 100, 3000, 10_000, 30_000).chain((depth) =>
    fc.constantFrom(nested('[', ']', depth), `{"payment_methods":${nested('[', ']', depth)}}`, `{"name":"x","variant_prices":${nested('[', ']', depth)}}`, nested('{"a":', '}', depth), `{"id":1,"status":"closing","x":${nested('[', ']', depth)}}`),
  ),
  fc.string({ maxLength: 60 }),
  fc.constant(`{"name":"${'x'.repeat(70 * 1024)}"}`),
);

const csvBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', 'Tanggal,Keterangan,Mutasi,Saldo\n01/02,TRF,100.000,CR\n', '\uFEFF;;;\n', '"unclosed\n', 'a,b\n'.repeat(2000)),
  fc.string({ maxLength: 200 }),
);

const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json;charset=bogus', 'text/plain', 'text/csv', 'image/png',
  'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '*/*', '', ';', 'nonsense', 'application/', '/json', 'application/json; a', 'application/json;;', ' application/json',
];

const formFields = (world: World) =>
  fc
    .record(
      {
        v0: fc.constantFrom('0', '1', '9', '-1', 'x'), v1: fc.constantFrom('0', '1', '2', '99'), quantity: fc.constantFrom('1', '2', '0', '100', '1e1', ''),
        name: fc.oneof(fc.constant('Siti Aminah'), fc.string({ maxLength: 120 })), phone: fc.oneof(fc.constant('0812-3456-7890'), fc.string({ maxLength: 20 })),
        email: fc.string({ maxLength: 30 }), address: fc.oneof(fc.constant('Jl. Melati No. 5, RT 01/RW 02'), fc.string({ maxLength: 40 })),
        village: fc.string({ maxLength: 10 }), district: fc.string({ maxLength: 10 }), city: fc.string({ maxLength: 10 }),
        province: fc.constantFrom('Jawa Barat', 'DKI Jakarta', 'Atlantis', ''), postal_code: fc.constantFrom('40123', '4012', 'abcde'),
        courier: fc.constantFrom('JNE REG', 'Kurir Lokal', 'x'), payment_method: fc.constantFrom('bank_transfer', 'cod', 'midtrans', 'x'),
        token: fc.constantFrom(world.formToken, '0'.repeat(32), 'x', ''), website: fc.constantFrom('', 'http://spam.test'),
        fbclid: fc.string({ maxLength: 20 }),
      },
      { requiredKeys: [] },
    )
    .map((fields) => new URLSearchParams(fields as Record<string, string>).toString());

function formOperations(world: World): Operation[] {
  const formBodies = fc.oneof({ weight: 3, arbitrary: formFields(world) }, { weight: 1, arbitrary: fc.string({ maxLength: 80 }) }, { weight: 1, arbitrary: fc.constantFrom('%', '%zz=1&a', 'a=%E2%82', '&&&=', `name=${'x'.repeat(70 * 1024)}`) });
  return [
    { label: 'GET /form/{tenant}/{slug}', methods: ['GET', 'HEAD'], path: '/form/{tenant}/{slug}', query: [{ name: 'utm_source', schema: {} }, { name: 'fbclid', schema: {} }], body: null },
    { label: 'POST /form/{tenant}/{slug}', methods: ['POST'], path: '/form/{tenant}/{slug}', query: [], body: null, rawBody: formBodies },
    { label: 'other methods of /form/{tenant}/{slug}', methods: OTHER_METHODS, path: '/form/{tenant}/{slug}', query: [], body: null, rawBody: formBodies },
    { label: 'GET /form/{tenant}/{slug}/terima-kasih/{token}', methods: ['GET'], path: '/form/{tenant}/{slug}/terima-kasih/{token}', query: [], body: null },
  ];
}

const PAYMENT_OPERATIONS: Operation[] = [
  {
    label: 'POST /payments/midtrans/notification', methods: ['POST'], path: '/payments/midtrans/notification', query: [],
    body: { schema: { type: 'object', required: ['order_id'], properties: { order_id: { enum: ['lapak-1-1', 'lapak-1-999', 'lapak-x', 'lapak-0-0'] }, status_code: { type: 'string' }, gross_amount: { type: 'string' }, signature_key: { type: 'string' }, transaction_status: { enum: ['settlement', 'capture', 'expire'] }, transaction_id: { type: 'string' } } }, types: ['application/json'] },
  },
  {
    label: 'POST /payments/xendit/callback', methods: ['POST'], path: '/payments/xendit/callback', query: [],
    body: { schema: { type: 'object', required: ['external_id'], properties: { external_id: { enum: ['lapak-1-1', 'lapak-2-1', 'x'] }, status: { enum: ['PAID', 'EXPIRED'] }, id: { type: 'string' } } }, types: ['application/json'] },
  },
];

function pathOf(template: string, world: World): fc.Arbitrary<string> {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const value = (name: string): fc.Arbitrary<string> => {
    if (name === 'tenant') return fc.oneof({ weight: 4, arbitrary: fc.constant(String(world.tenantId)) }, { weight: 3, arbitrary: pathId(world) });
    if (name === 'slug') return fc.oneof({ weight: 4, arbitrary: fc.constant(world.productSlug) }, { weight: 1, arbitrary: fc.constantFrom(...WEIRD_IDS, 'x'.repeat(101)) }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) });
    if (name === 'token') return fc.oneof({ weight: 2, arbitrary: fc.constant(world.formToken) }, { weight: 2, arbitrary: fc.constantFrom(...WEIRD_IDS, 'f'.repeat(32), 'F'.repeat(32)) });
    return pathId(world);
  };
  return fc.tuple(...names.map(value)).map((values) => names.reduce((path, name, i) => path.replace(`{${name}}`, values[i]!), template));
}

function queryOf(operation: Operation, world: World): fc.Arbitrary<string> {
  const pairs = fc.tuple(...operation.query.map((q) => fc.option(queryValue(q.schema, world).map((v) => `${q.name}=${v}`), { nil: null, freq: 3 })));
  const extra = fc.constantFrom('', '', '', '&id=1&id=2', '&action[]=embed', '&%zz=1', '&a=%', '&&&', `&x=${'y'.repeat(500)}`);
  return fc.tuple(pairs, extra).map(([given, more]) => {
    const text = given.filter((p): p is string => p !== null).join('&') + more;
    return text === '' ? '' : `?${text}`;
  });
}

function bodyOf(operation: Operation): fc.Arbitrary<string | undefined> {
  const schemaBody = operation.body && !operation.rawBody ? fromSchema(operation.body.schema, 0).map((v) => JSON.stringify(v) ?? '') : fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v));
  return fc.oneof(
    { weight: 5, arbitrary: operation.rawBody ?? schemaBody },
    { weight: 2, arbitrary: oddBody },
    { weight: 2, arbitrary: fc.constant(undefined) },
  );
}

function headersOf(operation: Operation): fc.Arbitrary<Record<string, string>> {
  const declared = operation.body?.types[0] ?? (operation.rawBody && operation.path.startsWith('/form/') ? 'application/x-www-form-urlencoded' : 'application/json');
  const contentType = fc.oneof({ weight: 4, arbitrary: fc.constant(declared) }, { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) }, { weight: 1, arbitrary: headerText });
  // Headers that end a request early (another store, a cross-site write) are sent now and
  // then, so that most requests reach the route's own checks.
  const sometimes = (arbitrary: fc.Arbitrary<string>, inTen: number) => fc.oneof({ weight: inTen, arbitrary }, { weight: 10 - inTen, arbitrary: fc.constant(null) });
  return fc
    .record({
      'content-type': sometimes(contentType, 8),
      'x-lapak-store': sometimes(fc.oneof(fc.constantFrom('1', '2', '999', '0', '0x1', ''), headerText), 2),
      'idempotency-key': sometimes(fc.oneof(fc.constantFrom('fuzz-key-0001', 'short', 'x'.repeat(121), 'bad key!'), headerText), 4),
      'sec-fetch-site': sometimes(fc.constantFrom('same-origin', 'same-origin', 'cross-site', 'none', ''), 5),
      'accept-encoding': sometimes(fc.constantFrom('gzip', 'br', '*', 'gzip;q=0', ''), 3),
      'if-none-match': sometimes(fc.oneof(fc.constantFrom('*', '"x"', 'W/"x"'), headerText), 2),
      range: sometimes(fc.constantFrom('bytes=0-0', 'bytes=5-1', 'bytes=-', 'items=1'), 2),
      'x-forwarded-for': sometimes(fc.constantFrom('1.2.3.4', 'not-an-ip', ', ,', '::1'), 2),
      'x-callback-token': sometimes(headerText, 2),
      accept: sometimes(fc.constantFrom('*/*', 'text/html', 'application/json', ''), 2),
    })
    .map((headers) => Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null)));
}

function requestOf(operation: Operation, world: World): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.constantFrom(...operation.methods),
      path: pathOf(operation.path, world),
      query: queryOf(operation, world),
      headers: headersOf(operation),
      payload: bodyOf(operation),
      auth: fc.constantFrom<Auth>('session', 'session', 'session', 'session-foreign-origin', 'garbage-cookie', 'none'),
      key: fc.constantFrom<Key>('all', 'all', 'reader', 'malformed', 'unknown', 'empty', 'none'),
    })
    .map(({ method, path, query, headers, payload, auth, key }) => ({
      operation: operation.label,
      method,
      url: path + query,
      headers,
      ...(payload !== undefined && method !== 'GET' && method !== 'HEAD' ? { payload } : {}),
      auth,
      key,
    }));
}

/** Every operation of both documents, the form's and the payment callbacks'. */
export function fuzzOperations(world: World): Operation[] {
  return [...operationsOf(readOpenapiFile()), ...operationsOf(readDashboardOpenapiFile()), ...formOperations(world), ...PAYMENT_OPERATIONS];
}

/** One fuzzed request: an operation (each as likely as the others), then its parts. */
export function fuzzRequest(world: World): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...fuzzOperations(world).map((operation) => requestOf(operation, world)));
}
