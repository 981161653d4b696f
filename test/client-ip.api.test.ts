// The per-IP windows use the socket address; X-Forwarded-For counts only from a trusted proxy.
import { afterEach, expect, it } from 'vitest';
import { startTestApp } from './helpers.js';

let t: Awaited<ReturnType<typeof startTestApp>> | undefined;
afterEach(async () => {
  await t?.drop();
  t = undefined;
});

// RATE_LIMIT_SCALE 0.05 turns the products path's 60 requests / 60 s into 3.
async function statuses(forwardedFor: string[]) {
  const codes = [];
  for (const ip of forwardedFor) {
    const res = await t!.request({ method: 'GET', url: '/api/products.php', headers: { 'x-forwarded-for': ip }, remoteAddress: '10.9.9.9' });
    codes.push(res.statusCode);
  }
  return codes;
}

it('without TRUST_PROXY, X-Forwarded-For is ignored: one socket address, one window', async () => {
  t = await startTestApp({ env: { RATE_LIMIT_SCALE: '0.05' } });
  expect(await statuses(['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'])).toEqual([401, 401, 401, 429]);
});

it('with TRUST_PROXY naming the proxy, each forwarded client has its own window', async () => {
  t = await startTestApp({ env: { RATE_LIMIT_SCALE: '0.05', TRUST_PROXY: '10.9.9.9' } });
  expect(await statuses(['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'])).toEqual([401, 401, 401, 401]);
  expect(await statuses(['1.1.1.1', '1.1.1.1', '1.1.1.1'])).toEqual([401, 401, 429]);
});
