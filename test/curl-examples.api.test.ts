// The curl example of every operation (src/openapi.ts writes it from the contract's
// `example`) is a request that succeeds as written, against a store with products 1 and 3,
// a pending order 1 and the customer 0812-3456-7890 (as the demo store of `npm start` has).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../src/lib/http/contract.js';
import { lookupContract } from '../src/customers/schemas.js';
import { getOrderContract, patchOrderContract } from '../src/orders/api/schemas.js';
import { duplicateContract, embedContract } from '../src/products/schemas.js';
import { seedOrder, seedProduct, seedStore, startTestApp } from './helpers.js';

const OPERATIONS: Array<[string, string, OperationContract, number]> = [
  ['GET', '/api/products.php', embedContract, 200],
  ['POST', '/api/products.php', duplicateContract, 201],
  ['GET', '/api/order_status.php', getOrderContract, 200],
  ['PATCH', '/api/order_status.php', patchOrderContract, 200],
  ['POST', '/api/customer_lookup.php', lookupContract, 200],
];

let t: Awaited<ReturnType<typeof startTestApp>>;
let key: string;

beforeAll(async () => {
  t = await startTestApp();
  const store = await seedStore(t.ctx, { all: { scopes: ['*'] } });
  key = store.keys.all!;
  const ids = [];
  for (const name of ['Madu Hutan', 'Hijab Voal', 'Kaos Polos']) ids.push((await seedProduct(t.ctx, store.tenantId, { name, price: 50000 })).id);
  expect(ids).toEqual([1, 2, 3]);
  expect((await seedOrder(t.ctx, store.tenantId, { product_id: 1, variant: '' })).id).toBe(1);
});
afterAll(() => t.drop());

describe('the curl example of each operation', () => {
  it.each(OPERATIONS)('%s %s succeeds as written', async (method, path, contract, status) => {
    const { query, headers, body } = contract.example;
    const res = await t.request({
      method: method as 'GET',
      url: path + (query ? `?${new URLSearchParams(query).toString()}` : ''),
      headers: { 'x-api-key': key, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    expect(res.statusCode, res.body).toBe(status);
  });
});
