// The budget of the issue: the form's JS + CSS and the embed script under 30 KB gzipped,
// measured on the bytes the server sends.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ASSETS } from './assets.js';

const BUDGET_BYTES = 30 * 1024;

describe('browser files', () => {
  it('form.js + form.css + embed.js stay under 30 KB gzipped', () => {
    const sizes = Object.fromEntries(Object.entries(ASSETS).map(([name, asset]) => [name, asset.gzip.length]));
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    console.log(`JS + CSS gzipped: ${JSON.stringify(sizes)}, total ${total} bytes`);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(BUDGET_BYTES);
  });

  it('the served gzip bodies are the files themselves', () => {
    for (const asset of Object.values(ASSETS)) expect(gunzipSync(asset.gzip).equals(asset.body)).toBe(true);
  });
});
