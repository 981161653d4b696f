// The web application as the server hands it out (dist/web, built by `npm run build`, which
// `npm test` runs first): GET / leads to it, deep links answer the app's page under the
// dashboard's CSP, hashed assets are cached for a year and compressed, and nothing under
// /dashboard/api/ or /dashboard/assets/ ever falls back to the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/helpers.js';
import { DASHBOARD_CSP, renderIndex } from './web-app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let t: App;

beforeAll(async () => {
  t = await startTestApp({ env: { TZ: 'Asia/Makassar' } });
});
afterAll(async () => t.drop());

const entryScript = (html: string) => /<script type="module" crossorigin src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(html)![1]!;

describe('the dashboard web app', () => {
  it('is where / and /dashboard lead', async () => {
    for (const url of ['/', '/dashboard']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/dashboard/');
    }
  });

  it("answers every page address, deep links included, with the app's page under the dashboard's CSP", async () => {
    for (const url of ['/dashboard/', '/dashboard/keys', '/dashboard/webhooks/12', '/dashboard/invite?token=abc', '/dashboard/tidak/ada']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe("default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
      // The server's time zone, for the dates the pages show.
      expect(res.body).toContain('<meta name="lapak-time-zone" content="Asia/Makassar" />');
    }
    expect(DASHBOARD_CSP).toBe("default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
  });

  it('serves hashed assets immutable for a year, compressed when the browser takes it', async () => {
    const page = await t.request({ method: 'GET', url: '/dashboard/' });
    const script = entryScript(page.body);
    const plain = await t.request({ method: 'GET', url: script });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await t.request({ method: 'GET', url: script, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(Number(brotli.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']) / 2);
    const gzip = await t.request({ method: 'GET', url: script, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('answers a missing asset with a 404, not with the page', async () => {
    const res = await t.request({ method: 'GET', url: '/dashboard/assets/index-missing.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });

  it('keeps /dashboard/api/ in its JSON family and writes to page addresses unanswered', async () => {
    const api = await t.request({ method: 'GET', url: '/dashboard/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
    const post = await t.request({ method: 'POST', url: '/dashboard/keys', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toMatch(/^application\/json/);
  });

  it('serves the icon beside the page', async () => {
    const res = await t.request({ method: 'GET', url: '/dashboard/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
  });
});

describe('renderIndex', () => {
  it('writes the time zone into the page as text', () => {
    expect(renderIndex('<meta content="%LAPAK_TIME_ZONE%">', 'Asia/Jakarta')).toBe('<meta content="Asia/Jakarta">');
    expect(renderIndex('<meta content="%LAPAK_TIME_ZONE%">', '"><script>')).toBe('<meta content="&quot;&gt;&lt;script&gt;">');
  });
});
