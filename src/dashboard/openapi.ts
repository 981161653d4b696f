// The frame of openapi/dashboard.json, the dashboard's interface, generated like lapak.json:
// a route with a `dashboardContract` (src/dashboard/route.ts) is an operation, every other
// route stays out. `npm run openapi` writes it; test/openapi-dashboard.test.ts fails when it
// and the routes disagree. The web application's types are generated from it.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { SESSION_SCHEME } from './contract.js';

const DESCRIPTION = `The seller dashboard's HTTP interface (docs/dashboard.md): used by the web application and by operators' scripts.

- JSON under \`/dashboard/api/\`. A session cookie authenticates; a login or sign-up sets it. A request may send \`X-Lapak-Store: <id>\`: when it differs from the session's selected store the answer is 409 \`store_changed\` and nothing is done.
- Errors are \`{"error", "code", "request_id"}\`, \`error\` in Indonesian; 422 \`invalid_request\` adds \`fields\`; 429 and 503 carry an integer \`Retry-After\`.
- An unknown path or method under \`/dashboard/api/\` answers 404 \`not_found\` in that family. Every success carries \`Cache-Control: no-store\`; a route that reads the session may send the cookie again when its sliding expiry moved.
- Unsafe methods are refused (403 \`cross_site_request\`) when \`Sec-Fetch-Site\` is present and not \`same-origin\`, or, without it, when \`Origin\` is present and not the server's origin. Bodies of writes are \`application/json\` only (415 \`unsupported_media_type\`), except where an operation names another media type (a bank statement's \`text/csv\`).`;

export const dashboardOpenapiOptions: FastifyDynamicSwaggerOptions = {
  decorator: 'dashboardSwagger',
  openapi: {
    openapi: '3.1.0',
    info: { title: 'Lapak dashboard interface', version: 'unversioned', description: DESCRIPTION, license: { name: 'MIT', identifier: 'MIT' } },
    servers: [
      {
        url: '{base_url}',
        description: 'The Lapak server.',
        variables: { base_url: { default: 'http://localhost:3000', description: 'Base address of the server (its `PUBLIC_URL`).' } },
      },
    ],
    tags: [
      { name: 'Accounts', description: 'Sign-up, login, sessions, the current user and their stores.' },
      { name: 'Home', description: "The home page: the store's getting-started checklist." },
      { name: 'Products', description: "The store's products on SPEC's dashboard path of `/api/products.php` (no `action`, a session), what the editor may offer, and the products' images." },
      { name: 'Team', description: 'Members, roles, invitations and password-reset links of the selected store.' },
      { name: 'API keys', description: "The store's API keys: issue by purpose with an expiry, list, revoke (SPEC Key issuance)." },
      { name: 'Webhooks', description: 'Webhook endpoints, their delivery log, redelivery, secret rotation and test events.' },
      { name: 'Transfers', description: 'Manual bank transfers: a statement matched to open transfer orders by amount, and the matches confirmed paid.' },
      { name: 'Settings', description: "The store's settings: payments, bank accounts, gateway credentials (write-only), shipping rates, message templates and their preview, the time zone, the audit log of sensitive changes." },
    ],
    components: {
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: 'lapak_session',
          description: 'The session cookie set by login, sign-up or accepting an invitation (`__Host-lapak_session` when the server\'s PUBLIC_URL is https).',
        },
      },
    },
  },
  transform: ({ route, url }) => {
    const contract = route.config?.dashboardContract;
    if (contract) return { url, schema: contract };
    return { url, schema: { hide: true } };
  },
  transformObject: (document) => {
    if (!('openapiObject' in document)) throw new Error('dashboard.json is an OpenAPI document');
    for (const pathItem of Object.values(document.openapiObject.paths ?? {}) as Array<Record<string, unknown>>) {
      for (const operation of Object.values(pathItem)) {
        const responses = (operation as { responses?: Record<string, { headers?: Record<string, { schema?: Record<string, unknown>; required?: boolean }> }> }).responses;
        for (const response of Object.values(responses ?? {})) {
          for (const header of Object.values(response.headers ?? {})) {
            if (header.schema?.required === true) {
              delete header.schema.required;
              header.required = true;
            }
          }
        }
      }
    }
    return document.openapiObject;
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** openapi/dashboard.json's document (the second @fastify/swagger, decorator above). */
    dashboardSwagger: FastifyInstance['swagger'];
  }
}
