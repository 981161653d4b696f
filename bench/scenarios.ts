// The requests of each scenario, shared by the timed bench (run.ts) and the instruction
// count (instructions.ts).
import { randomBytes } from 'node:crypto';
import type { Request } from 'autocannon';
import type { BenchDatabase } from './database.js';

export const PATH = '/api/order_status.php';
export const LOOKUP_PATH = '/api/customer_lookup.php';
export const PRODUCTS_PATH = '/api/products.php';

const randomOf = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * Random orders of the store. The paths are drawn before the run: the load generator
 * shares this machine with the server, and every microsecond it spends per request is
 * one the server does not get.
 */
export function getRequests(database: BenchDatabase): Request[] {
  const { readKey, orderIds } = database.seeded;
  const paths = Array.from({ length: 65_536 }, () => `${PATH}?id=${randomOf(orderIds)}`);
  let next = 0;
  return [
    {
      method: 'GET',
      headers: { 'x-api-key': readKey },
      setupRequest: (req) => {
        req.path = paths[next++ & 0xffff]!;
        return req;
      },
    },
  ];
}

/**
 * Toggles random pending/closing orders to the other state, each with a fresh
 * Idempotency-Key. The expected state flips when the request is sent; two requests on
 * the same order in flight at once just answer changed: false.
 */
export function patchRequests(database: BenchDatabase): Request[] {
  const { writeKey, toggleable } = database.seeded;
  const tag = randomBytes(4).toString('hex');
  let sequence = 0;
  return [
    {
      method: 'PATCH',
      setupRequest: (req) => {
        const order = randomOf(toggleable);
        order.status = order.status === 'pending' ? 'closing' : 'pending';
        sequence += 1;
        return {
          ...req,
          path: PATH,
          headers: { 'content-type': 'application/json', 'x-api-key': writeKey, 'idempotency-key': `bench-${tag}-${sequence}` },
          body: JSON.stringify({ id: order.id, status: order.status }),
        };
      },
    },
  ];
}

/** Customer lookups of phones that have orders in the store (the 150 ms floor is sleep, not CPU). */
export function lookupRequests(database: BenchDatabase): Request[] {
  const { lookupKey, phones } = database.seeded;
  const bodies = phones.map((phone) => JSON.stringify({ phone }));
  let next = 0;
  return [
    {
      method: 'POST',
      path: LOOKUP_PATH,
      headers: { 'content-type': 'application/json', 'x-api-key': lookupKey },
      setupRequest: (req) => {
        req.body = bodies[next++ % bodies.length]!;
        return req;
      },
    },
  ];
}

/** The product embed of the store's products in turn. */
export function embedRequests(database: BenchDatabase): Request[] {
  const { embedKey, productIds } = database.seeded;
  const paths = productIds.map((id) => `${PRODUCTS_PATH}?action=embed&id=${id}`);
  let next = 0;
  return [
    {
      method: 'GET',
      headers: { 'x-api-key': embedKey },
      setupRequest: (req) => {
        req.path = paths[next++ % paths.length]!;
        return req;
      },
    },
  ];
}

