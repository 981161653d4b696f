// openapi/dashboard.json: what the dashboard routes generate, lint clean (offline), and the
// response check of the dashboard tests refuses what it does not describe.
import { describe, expect, it } from 'vitest';
import { lintOffline, generateDashboardDocument, readDashboardOpenapiFile, serialiseDocument } from './openapi-document.js';
import { checkApiResponse } from './openapi-validator.js';

describe('openapi/dashboard.json', () => {
  it('is what the dashboard routes generate (run `npm run openapi` after changing a route or a contract)', async () => {
    expect(readDashboardOpenapiFile()).toBe(serialiseDocument(await generateDashboardDocument()));
  });

  it('holds only /dashboard/api/ paths and the dashboard\'s path of /api/products.php', () => {
    const document = JSON.parse(readDashboardOpenapiFile()) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(p).toMatch(/^\/dashboard\/api\/|^\/api\/products\.php$/);
  });

  it('passes @redocly/cli lint (recommended-strict) without reaching the network', () => {
    const { status, output } = lintOffline('openapi/dashboard.json');
    expect(output).not.toContain('NETWORK ATTEMPT');
    expect(status, output).toBe(0);
    expect(output).toContain('Your API description is valid');
    expect(output).not.toMatch(/You have \d+ warning/);
  }, 60_000);
});

describe('the response check of the dashboard tests (openapi/dashboard.json)', () => {
  const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}) => ({
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  });
  const revoke = { method: 'POST', url: '/dashboard/api/keys/12/revoke' };
  const remove = { method: 'DELETE', url: '/dashboard/api/webhooks/3' };
  const notFound = { error: 'Tidak ditemukan.', code: 'not_found', request_id: '0123abcd' };
  const noStore = { 'cache-control': 'no-store' };

  it('accepts what the document describes, on templated paths too', () => {
    checkApiResponse(revoke, json(200, { id: 12, revoked: true }, noStore));
    checkApiResponse(revoke, json(200, { id: 12, revoked: true }, { ...noStore, 'set-cookie': 'lapak_session=a.b; Path=/' }));
    checkApiResponse(revoke, json(404, notFound));
    checkApiResponse(remove, { statusCode: 204, headers: noStore, body: '' });
    checkApiResponse({ method: 'GET', url: '/dashboard/api/no-such-thing' }, json(404, notFound));
    checkApiResponse({ method: 'PUT', url: '/dashboard/api/keys' }, json(404, notFound));
    checkApiResponse({ method: 'POST', url: '/dashboard/api/no-such-thing' }, json(403, { error: 'Permintaan dari situs lain ditolak.', code: 'cross_site_request', request_id: '0123abcd' }));
  });

  it('refuses what it does not', () => {
    const cases: Array<[{ method: string; url: string }, ReturnType<typeof json>, RegExp]> = [
      [revoke, json(200, { id: 12, revoked: true }), /Cache-Control is missing/],
      [revoke, json(200, { id: 12, revoked: true }, { 'cache-control': 'max-age=60' }), /header Cache-Control/],
      [revoke, json(200, { id: 12, revoked: true, key: 'lpk_x' }, noStore), /does not match/],
      [revoke, json(418, notFound), /does not describe this status/],
      [revoke, json(404, notFound, { 'x-powered-by': 'x' }), /x-powered-by is not in the document/],
      [remove, json(204, {}, noStore), /describes no body/],
      [{ method: 'GET', url: '/dashboard/api/no-such-thing' }, json(200, {}), /no operation/],
      [{ method: 'GET', url: '/dashboard/api/no-such-thing' }, json(404, { ...notFound, error: 'Not found' }), /no operation/],
    ];
    for (const [request, response, message] of cases) expect(() => checkApiResponse(request, response)).toThrow(message);
  });
});
