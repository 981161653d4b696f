// Verifies a Lapak webhook delivery (Standard Webhooks scheme) with Node's standard library only.
// Usage: LAPAK_WEBHOOK_SECRET=whsec_... node verify-webhook.mjs BODY_FILE HEADERS_JSON_FILE
// BODY_FILE holds the raw request body, byte for byte; HEADERS_JSON_FILE the request headers
// as a JSON object. Exits 0 when the delivery is authentic and fresh, 1 when it is not.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const TOLERANCE_SECONDS = 5 * 60;

/** Returns null when valid, else the reason. `rawBody` is a Buffer: never re-serialised JSON. */
export function verifyWebhook(secret, headers, rawBody, nowSeconds = Math.floor(Date.now() / 1000)) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
  const id = lower['webhook-id'];
  const timestamp = lower['webhook-timestamp'];
  const signatures = lower['webhook-signature'];
  if (!id || !timestamp || !signatures) return 'missing webhook-id, webhook-timestamp or webhook-signature';
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return 'timestamp outside the tolerance';
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), rawBody]);
  const expected = createHmac('sha256', key).update(signed).digest();
  // The header may carry several signatures ("v1,<base64> v1,<base64>") during secret rotation.
  for (const entry of signatures.split(' ')) {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) continue;
    const given = Buffer.from(value, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return null;
  }
  return 'no matching signature';
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.LAPAK_WEBHOOK_SECRET ?? '';
  const body = readFileSync(process.argv[2]);
  const headers = JSON.parse(readFileSync(process.argv[3], 'utf8'));
  const reason = verifyWebhook(secret, headers, body);
  if (reason) {
    console.error(`invalid: ${reason}`);
    process.exit(1);
  }
  console.log(`valid: ${JSON.parse(body.toString('utf8')).type}`);
}
