// The frame of openapi/lapak.json (info, server, security scheme, tags) and how
// @fastify/swagger turns the routes' contracts (src/lib/http/contract.ts) into it: a route
// with a contract is an operation, a route with `otherMethods` becomes its path's
// `x-other-methods`, every other route (order form, payments, /healthz, ...) stays out.
// `npm run openapi` writes the file; a test fails when it and the routes disagree.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { API_KEY_SCHEME, curlExample } from './lib/http/contract.js';
import { WEBHOOKS } from './webhooks/sign/body-schema.js';

/** Marks the operations of an otherMethods route until transformObject gathers them. */
const OTHER_METHODS = 'x-other-methods';

const DESCRIPTION = `Lapak's HTTP API for third-party systems (CRMs, fulfilment tools, automation), authenticated by API keys.

- Every call carries the key in the \`X-API-Key\` header; a key in the query string is not a key. The key fixes the store: every call acts on that store's data only.
- Responses are JSON. Prices are integers in rupiah. Timestamps are ISO 8601 with the server's UTC offset.
- Errors of the authentication layer (401, 403, 429) are \`{"error"}\` only; clients branch on the HTTP status. The order status and customer lookup endpoints answer their own errors as \`{"error", "code", "request_id"}\`; the products path as \`{"error"}\`. 401 and 403 are configuration errors and are not retried; 429 and 5xx are retryable (429 and 503 carry \`Retry-After\`).
- Every answer of the three paths carries \`RateLimit-Policy\` (the endpoint's windows) and, once a window was consumed, \`RateLimit\` (what remains and when it resets), in the syntax of draft-ietf-httpapi-ratelimit-headers-11.
- The API is unversioned: no version prefix in the paths. There is no sandbox: every call affects the store's production data.
- Each path also answers the methods it does not document (405, ...): see \`x-other-methods\` on the path.`;

export const openapiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Lapak API',
      version: 'unversioned',
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{base_url}',
        description: 'The store operator\'s Lapak server.',
        variables: { base_url: { default: 'http://localhost:3000', description: 'Base address of the server (its `PUBLIC_URL`).' } },
      },
    ],
    tags: [
      { name: 'Products', description: 'Embed data and duplicates of the store\'s products (`/api/products.php`).' },
      { name: 'Orders', description: 'Reading one order and moving it between pending and closing (`/api/order_status.php`).' },
      { name: 'Customers', description: 'Customer lookup by phone number (`/api/customer_lookup.php`).' },
    ],
    // As plain JSON: openapi-types intersects a 3.1 path item with 3.0's, whose schemas have no `const`.
    webhooks: JSON.parse(JSON.stringify(WEBHOOKS)),
    components: {
      securitySchemes: {
        [API_KEY_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description:
            '`lpk_` followed by 48 lowercase hexadecimal characters. Each operation lists the scope it needs (the scope ' +
            '`*` opens every operation; scopes match by exact string equality). Keys are issued with `lapak key issue` ' +
            'and shown once.',
        },
      },
    },
  },
  transform: ({ route, url }) => {
    const { contract, otherMethods } = route.config ?? {};
    if (contract) {
      // The curl example goes into the description (Swagger UI at /docs shows it) and into
      // x-codeSamples (Redoc and others); the example itself is not part of the document.
      const { example, ...operation } = contract;
      const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
      const curl = curlExample(method, url, example);
      const schema: FastifySchema = Object.assign({}, operation, {
        description: `${operation.description}\n\n\`\`\`sh\n${curl}\n\`\`\``,
        'x-codeSamples': [{ lang: 'Shell', label: 'curl', source: curl }],
      });
      return { url, schema };
    }
    if (otherMethods) {
      const schema: FastifySchema = Object.assign({}, otherMethods, { [OTHER_METHODS]: true });
      return { url, schema };
    }
    return { url, schema: { hide: true } };
  },
  transformObject: (document) => {
    if (!('openapiObject' in document)) throw new Error('lapak.json is an OpenAPI document');
    const paths = (document.openapiObject.paths ?? {}) as Record<string, Record<string, unknown>>;
    for (const pathItem of Object.values(paths)) {
      gatherOtherMethods(pathItem);
      for (const operation of Object.values(pathItem)) {
        if (isObject(operation) && isObject(operation.responses)) requiredHeaders(operation.responses);
      }
    }
    return document.openapiObject;
  },
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// @fastify/swagger adds an otherMethods route as one operation per method it takes (PUT,
// DELETE, and methods OpenAPI has no field for). The document keeps one copy, beside the
// path's operations.
function gatherOtherMethods(pathItem: Record<string, unknown>): void {
  for (const [method, operation] of Object.entries(pathItem)) {
    if (!isObject(operation) || operation[OTHER_METHODS] !== true) continue;
    delete pathItem[method];
    const { [OTHER_METHODS]: _mark, ...rest } = operation;
    pathItem[OTHER_METHODS] = rest;
  }
}

// @fastify/swagger puts a response header's whole definition under `schema`; `required`
// belongs to the Header Object itself.
function requiredHeaders(responses: Record<string, unknown>): void {
  for (const response of Object.values(responses)) {
    if (!isObject(response) || !isObject(response.headers)) continue;
    for (const header of Object.values(response.headers)) {
      if (!isObject(header) || !isObject(header.schema) || header.schema.required !== true) continue;
      delete header.schema.required;
      header.required = true;
    }
  }
}
