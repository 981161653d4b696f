// The built web app (dist/web, `npm run build`; `npm test` builds first): the first
// JavaScript any page loads (the entry script and what index.html preloads) stays within
// 200 KB gzipped, and every page's own code loads later, on its own.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve('dist/web');
const BUDGET = 200 * 1024;

const index = fs.readFileSync(path.join(DIR, 'index.html'), 'utf8');
const firstScripts = [...index.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/dashboard\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);

describe('the built web app', () => {
  it('loads its entry script from a file, under the CSP (no inline script)', () => {
    expect(firstScripts.length).toBeGreaterThan(0);
    expect(index).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(index).toContain('%LAPAK_TIME_ZONE%');
  });

  it(`sends at most ${BUDGET / 1024} KB of gzipped JavaScript before the first page shows`, () => {
    const sizes = firstScripts.map((file) => zlib.gzipSync(fs.readFileSync(path.join(DIR, file)), { level: 9 }).length);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    console.log(`first JavaScript: ${firstScripts.length} files, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total).toBeLessThanOrEqual(BUDGET);
  });

  it("keeps each page's code out of the first load (pages load on demand)", () => {
    const first = firstScripts.map((file) => fs.readFileSync(path.join(DIR, file), 'utf8')).join('\n');
    // Addresses only the keys page and the team page call.
    expect(first).not.toContain('/dashboard/api/keys/{id}/revoke');
    expect(first).not.toContain('/dashboard/api/team/{user_id}/password-reset');
    // The orders workspace (issue 32 §6): the list, its counts and the order's page load when opened.
    expect(first).not.toContain('/dashboard/api/orders/counts');
    expect(first).not.toContain('/dashboard/api/orders/{id}/status');
    // Insights (issue 45 §2): the page and its chart library (visx, d3's scales) load when it is opened.
    expect(first).not.toContain('/dashboard/api/insights/follow-up');
    expect(first).not.toContain('visx-');
    const all = fs.readdirSync(path.join(DIR, 'assets')).filter((name) => name.endsWith('.js'));
    expect(all.some((name) => name.startsWith('insights-page-'))).toBe(true);
    expect(all.some((name) => name.startsWith('keys-page-'))).toBe(true);
    expect(all.some((name) => name.startsWith('orders-page-'))).toBe(true);
    expect(all.some((name) => name.startsWith('order-page-'))).toBe(true);
  });

  it('writes gzip and brotli copies of every script and stylesheet', () => {
    for (const name of fs.readdirSync(path.join(DIR, 'assets')).filter((file) => /\.(js|css)$/.test(file))) {
      const raw = fs.readFileSync(path.join(DIR, 'assets', name));
      // Buffer.equals, not toEqual: a deep comparison byte by byte of every asset took seconds.
      expect(zlib.gunzipSync(fs.readFileSync(path.join(DIR, 'assets', `${name}.gz`))).equals(raw), `${name}.gz`).toBe(true);
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(DIR, 'assets', `${name}.br`))).equals(raw), `${name}.br`).toBe(true);
    }
  });
});

describe('the stylesheet (Tailwind through web/tailwind-plugin.ts)', () => {
  const css = fs
    .readdirSync(path.join(DIR, 'assets'))
    .filter((name) => name.endsWith('.css'))
    .map((name) => fs.readFileSync(path.join(DIR, 'assets', name), 'utf8'))
    .join('\n');

  it('holds the rules of the classes the pages use, the theme and the base layer', () => {
    for (const rule of ['.bg-brand-700', '.sm\\:flex-row', '.data-\\[highlighted\\]\\:bg-brand-50', '.max-h-\\[90dvh\\]', '.sr-only']) expect(css, rule).toContain(rule);
    expect(css).toContain('--color-brand-700');
    expect(css).toMatch(/box-sizing:\s*border-box/);
  });
});
