// GET /openapi.json and GET /docs: the document as committed, with its caching headers, and
// Swagger UI from this server's own files under its own Content-Security-Policy.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/helpers.js';
import { DOCS_CSP, OPENAPI_FILE } from './routes.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

describe('the API reference', () => {
  let t: App;
  const file = fs.readFileSync(OPENAPI_FILE, 'utf8');
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.drop());

  it('GET /openapi.json is openapi/lapak.json, as JSON, cacheable and revalidated by its ETag', async () => {
    const res = await t.request({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(res.body).toBe(file);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await t.request({ method: 'GET', url: '/openapi.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.request({ method: 'GET', url: '/openapi.json', headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('every operation of the document carries a curl example, in its description and in x-codeSamples', () => {
    const document = JSON.parse(file) as { paths: Record<string, Record<string, { description: string; 'x-codeSamples'?: Array<{ source: string }> }>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => !method.startsWith('x-'))
        .map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations).toHaveLength(5);
    for (const { path, method, operation } of operations) {
      const source = operation['x-codeSamples']?.[0]?.source ?? '';
      expect(source).toMatch(new RegExp(`^curl -s${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} "\\$LAPAK_BASE_URL${path.replace(/\./g, '\\.')}`));
      expect(source).toContain('-H "X-API-Key: $LAPAK_API_KEY"');
      expect(operation.description).toContain(source);
    }
  });

  it('GET /docs is Swagger UI from local files, with its own tight Content-Security-Policy', async () => {
    const page = await t.request({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(DOCS_CSP);
    expect(DOCS_CSP).not.toMatch(/https?:|\*|unsafe-eval/);
    // Every script and stylesheet the page names is served here.
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const res = await t.request({ method: 'GET', url: new URL(asset, 'http://x/docs/').pathname });
      expect(res.statusCode, asset).toBe(200);
      expect(res.headers['content-security-policy'], asset).toBe(DOCS_CSP);
    }
    // The CSP stays on /docs: the rest of the server keeps its own answers.
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['content-security-policy']).toBeUndefined();
  });

  it('the page never sends requests and never keeps a key', async () => {
    const init = await t.request({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('"supportedSubmitMethods":[]');
    expect(init.body).toContain('"tryItOutEnabled":false');
    expect(init.body).toContain('"persistAuthorization":false');
    expect(init.body).toContain('"validatorUrl":null');
    const json = await t.request({ method: 'GET', url: '/docs/json' });
    expect(json.json()).toEqual(JSON.parse(file));
  });
});
