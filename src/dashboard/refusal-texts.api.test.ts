// Issue 30, point 3: an operation's refusal of a field reaches a page as the dashboard's text
// for its code (DASHBOARD_REFUSAL_TEXT), never as the operation's English message ("url must
// use https"). Webhooks, settings and API keys, over HTTP on SQLite and PostgreSQL; the table's
// texts are checked for English words here too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { seedStore, startTestApp } from '../../test/helpers.js';
import { DASHBOARD_REFUSAL_TEXT } from '../lib/http/messages.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let owner: Member;
beforeAll(async () => {
  // As in production: no WEBHOOK_ALLOW_PRIVATE, so http and local addresses are refused.
  t = await startTestApp();
  owner = await seedMember(t.ctx, (await seedStore(t.ctx, {})).tenantId, 'owner');
});
afterAll(() => t.drop());

const write = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
  t.request({ method, url, headers: asMember(owner, { 'content-type': 'application/json' }), payload: JSON.stringify(body) });

/** 422 invalid_request whose `fields` are exactly these. */
async function expectFields(res: Awaited<ReturnType<typeof write>>, fields: Record<string, string>) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toMatchObject({ code: 'invalid_request', fields });
  expect(Object.keys(res.json().fields)).toEqual(Object.keys(fields));
}

const ENGLISH = /\b(must|is|are|not|the|be|required|characters|should|only|of|or|and|with|than|does|resolve|listed|unknown|longer)\b/i;

describe("an operation's refused field, on a page", () => {
  it('a webhook with an http, a local or a credentialed address: the reason in Indonesian', async () => {
    await expectFields(await write('POST', '/dashboard/api/webhooks', { url: 'http://crm.example.com/hook' }), { url: DASHBOARD_REFUSAL_TEXT.url_not_https });
    await expectFields(await write('POST', '/dashboard/api/webhooks', { url: 'https://127.0.0.1:8443/hook' }), { url: DASHBOARD_REFUSAL_TEXT.host_not_public });
    await expectFields(await write('POST', '/dashboard/api/webhooks', { url: 'https://user:rahasia@crm.example.com/hook' }), { url: DASHBOARD_REFUSAL_TEXT.url_has_credentials });
    await expectFields(await write('POST', '/dashboard/api/webhooks', { url: 'bukan alamat' }), { url: DASHBOARD_REFUSAL_TEXT.invalid_url });
  });

  it('a shipping rate listed twice in the settings', async () => {
    const rate = { courier: 'JNE REG', province: 'Bali', fee: 20000 };
    await expectFields(await write('PATCH', '/dashboard/api/settings', { shipping_rates: [rate, rate] }), { shipping_rates: DASHBOARD_REFUSAL_TEXT.duplicate_rate });
  });

  it("a key's expiry that is no date", async () => {
    await expectFields(await write('POST', '/dashboard/api/keys', { name: 'CRM', purpose: 'customer_lookup', expires_at: 'besok' }), { expires_at: DASHBOARD_REFUSAL_TEXT.invalid_expires_at });
  });

  it('the table has no English sentence in it', () => {
    for (const [code, text] of Object.entries(DASHBOARD_REFUSAL_TEXT)) expect(text, code).not.toMatch(ENGLISH);
  });
});
