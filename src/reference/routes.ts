// The API reference, served entirely by this server: GET /openapi.json is openapi/lapak.json
// (read once at start) and GET /docs renders it with Swagger UI from the package's own files
// (@fastify/swagger-ui). SPEC has no sandbox, so the page never sends a request ("try it
// out" off) and never keeps a key in the browser.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** openapi/lapak.json at the package root: from src/reference/, dist/reference/ and build/src/reference/ alike. */
export const OPENAPI_FILE = [new URL('../../openapi/lapak.json', import.meta.url), new URL('../../../openapi/lapak.json', import.meta.url)].find((url) =>
  fs.existsSync(url),
) ?? new URL('../../openapi/lapak.json', import.meta.url);

// Swagger UI's bundle, stylesheet and initializer are files under /docs/static/; scripts run
// only from there. It inserts <style> elements at run time (so styles need 'unsafe-inline',
// which cannot run code) and shows its icons as data: images. Nothing else may load.
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// Clients and the docs page may keep it for five minutes, then revalidate with the ETag;
// a deploy changes the file and the tag.
const CACHE_CONTROL = 'public, max-age=300, must-revalidate';

export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  const text = fs.readFileSync(OPENAPI_FILE, 'utf8');
  const document = JSON.parse(text) as Record<string, unknown>;
  const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

  app.get('/openapi.json', async (request, reply) => {
    reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(text);
  });

  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: DOCS_CSP,
    // The page shows openapi/lapak.json itself, not a copy regenerated from the routes.
    transformSpecification: () => document,
    transformSpecificationClone: false,
    uiConfig: {
      supportedSubmitMethods: [],
      tryItOutEnabled: false,
      persistAuthorization: false,
      // Without the top bar: no field that loads another document from elsewhere.
      layout: 'BaseLayout',
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      validatorUrl: null,
    },
  });
}
