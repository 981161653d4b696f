// bench/profile-slices.ts: a profile's samples are counted in the window they fall in, each
// with the time until the next sample, under the part its function belongs to.
import { describe, expect, it } from 'vitest';
import { partOf, sliceProfile, type Profile, type ProfileNode } from '../bench/profile-slices.js';

const node = (id: number, functionName: string, url: string): ProfileNode => ({ id, callFrame: { functionName, url, lineNumber: 0 } });

const PROFILE: Profile = {
  nodes: [
    node(1, '(root)', ''),
    node(2, 'writev', ''),
    node(3, 'executeQuery', 'file:///app/node_modules/kysely/dist/esm/dialect/sqlite/sqlite-driver.js'),
    node(4, 'handler', 'file:///app/dist/orders/routes.js'),
    node(5, '(idle)', ''),
    node(6, 'visitNode', 'file:///app/node_modules/kysely/dist/esm/operation-node/operation-node-visitor.js'),
  ],
  startTime: 1_000,
  endTime: 2_000,
  // Samples at 1100, 1200, 1300, 1400, 1500, 1700.
  samples: [2, 3, 4, 5, 2, 6],
  timeDeltas: [100, 100, 100, 100, 100, 200],
};

describe('profile slices', () => {
  it('counts the samples inside the window, each for the time until the next', () => {
    const slice = sliceProfile(PROFILE, { name: 'GET', startUs: 1_150, endUs: 1_450 });
    expect(slice.total).toBe(300);
    expect(Object.fromEntries(slice.parts)).toEqual({ 'SQLite (native calls)': 100, 'Lapak code (dist/)': 100, idle: 100 });
    expect(slice.functions.get('handler dist/orders/routes.js:1')).toBe(100);
  });

  it('a window holding no sample is empty', () => {
    expect(sliceProfile(PROFILE, { name: 'none', startUs: 1_810, endUs: 1_900 }).total).toBe(0);
  });

  it('sorts functions into their parts', () => {
    expect(partOf(PROFILE.nodes[1]!)).toBe('socket writes (writev, kernel)');
    expect(partOf(PROFILE.nodes[5]!)).toBe('Kysely (query building and driver)');
    expect(partOf(node(9, 'addFields', 'file:///app/node_modules/pg/lib/result.js'))).toBe('PostgreSQL driver (pg)');
    expect(partOf(node(9, 'observe', 'file:///app/node_modules/prom-client/lib/histogram.js'))).toBe('Prometheus metrics (prom-client)');
    expect(partOf(node(9, 'parserOnIncoming', 'node:_http_server'))).toBe('node:http, streams, events, timers');
  });
});
