// Whom an order may be assigned to (GET /dashboard/api/orders/assignees): owners and admins read
// the store's members (CS first, then by name, the name only), a CS is refused, and another
// store's members never appear; every choice is one the assignment accepts. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../../test/dashboard-helpers.js';
import { seedOrder, seedProduct, seedStore, startTestApp } from '../../../../test/helpers.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let tenantId: number;
let owner: Member;
let admin: Member;
let csZaki: Member;
let csAyu: Member;
let outsider: Member;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await seedStore(t.ctx, {}, { name: 'Toko Penugasan' })).tenantId;
  owner = await seedMember(t.ctx, tenantId, 'owner', { name: 'Bu Pemilik', email: 'pemilik@penugasan.test' });
  admin = await seedMember(t.ctx, tenantId, 'admin', { name: 'admin Budi', email: 'budi@penugasan.test' });
  csZaki = await seedMember(t.ctx, tenantId, 'cs', { name: 'Zaki CS', email: 'zaki@penugasan.test' });
  csAyu = await seedMember(t.ctx, tenantId, 'cs', { name: 'ayu CS', email: 'ayu@penugasan.test' });
  const other = (await seedStore(t.ctx, {}, { name: 'Toko Lain' })).tenantId;
  outsider = await seedMember(t.ctx, other, 'owner', { name: 'Orang Lain', email: 'lain@lain.test' });
  await seedMember(t.ctx, other, 'cs', { name: 'CS Lain', email: 'cs@lain.test' });
});
afterAll(() => t.drop());

const assignees = (member: Member) => t.request({ method: 'GET', url: '/dashboard/api/orders/assignees', headers: asMember(member) });

describe('GET /dashboard/api/orders/assignees', () => {
  it("answers owners and admins every member of the store, CS first then by name whatever the case, with the name and role only", async () => {
    const expected = [
      { id: csAyu.userId, name: 'ayu CS', role: 'cs' },
      { id: csZaki.userId, name: 'Zaki CS', role: 'cs' },
      { id: admin.userId, name: 'admin Budi', role: 'admin' },
      { id: owner.userId, name: 'Bu Pemilik', role: 'owner' },
    ];
    for (const member of [owner, admin]) {
      const res = await assignees(member);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ assignees: expected });
      expect(res.body).not.toContain('@');
    }
  });

  it('refuses a CS with 403 forbidden', async () => {
    const res = await assignees(csZaki);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it("never lists another store's members, and answers another store's owner with their own", async () => {
    const res = await assignees(outsider);
    expect(res.statusCode).toBe(200);
    expect(res.json().assignees.map((a: { name: string }) => a.name)).toEqual(['CS Lain', 'Orang Lain']);
    expect(JSON.stringify((await assignees(owner)).json())).not.toMatch(/Lain/);
  });

  it('offers only members the assignment accepts: an admin assigns an order to each', async () => {
    const productId = (await seedProduct(t.ctx, tenantId, { name: 'Kaos', price: 10000 })).id;
    const id = (await seedOrder(t.ctx, tenantId, { product_id: productId })).id;
    for (const choice of (await assignees(admin)).json().assignees as Array<{ id: number; name: string }>) {
      const res = await t.request({
        method: 'POST',
        url: '/dashboard/api/orders/assign',
        headers: asMember(admin, { 'content-type': 'application/json' }),
        payload: JSON.stringify({ ids: [id], cs: choice.id }),
      });
      expect(res.json(), choice.name).toEqual({ results: [{ id, outcome: 'changed' }] });
    }
  });
});

describe('POST /dashboard/api/orders/assign with ids beyond any row', () => {
  it('refuses a member or an order id over the largest safe integer with 422, on PostgreSQL too (a bigint out of range was a 500)', async () => {
    for (const body of ['{"ids":[1],"cs":1e+308}', '{"ids":[1e+308],"cs":null}', '{"ids":[9007199254740993],"cs":null}']) {
      const res = await t.request({
        method: 'POST',
        url: '/dashboard/api/orders/assign',
        headers: { ...asMember(owner), 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        payload: body,
      });
      expect(res.statusCode, `${body}: ${res.body}`).toBe(422);
      expect(res.json().code).toBe('invalid_request');
    }
  });
});
