// Every operation of openapi/dashboard.json has its row in the route table
// (test/dashboard-route-table.ts), which route-table.api.test.ts walks for every caller: a route
// added without a row fails here. The comparison is checked on a small made-up document first, so
// that a clean result on the real one means it looked.
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, type Access } from '../../test/dashboard-route-table.js';
import { readDashboardOpenapiFile } from '../../test/openapi-document.js';

interface Document {
  paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];

/** `METHOD /path` of every operation, with who may call it as its security says. */
function operationsOf(document: Document): Map<string, 'public' | 'optional' | 'session'> {
  const found = new Map<string, 'public' | 'optional' | 'session'>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const security = operation.security ?? [];
      const anonymous = security.some((s) => Object.keys(s).length === 0);
      found.set(`${method.toUpperCase()} ${path}`, security.length === 0 ? 'public' : anonymous ? 'optional' : 'session');
    }
  }
  return found;
}

const securityOf = (access: Access) => (access === 'public' || access === 'optional' ? access : 'session');

/** What is wrong between the document and the table: operations without a row, rows of no operation, rows twice, access against security. */
function compare(document: Document, rows: ReadonlyArray<{ operation: string; access: Access }>) {
  const operations = operationsOf(document);
  const named = rows.map((r) => r.operation);
  return {
    withoutRow: [...operations.keys()].filter((o) => !named.includes(o)),
    withoutOperation: named.filter((o) => !operations.has(o)),
    twice: named.filter((o, i) => named.indexOf(o) !== i),
    accessDisagrees: rows.filter((r) => operations.has(r.operation) && operations.get(r.operation) !== securityOf(r.access)).map((r) => r.operation),
  };
}

const NOTHING_WRONG = { withoutRow: [], withoutOperation: [], twice: [], accessDisagrees: [] };

describe('the comparison, on a made-up document', () => {
  const document: Document = {
    paths: {
      '/dashboard/api/things': { get: { security: [{ Session: [] }] }, post: { security: [{ Session: [] }] } },
      '/dashboard/api/login': { post: { security: [] } },
      '/dashboard/api/logout': { post: { security: [{}, { Session: [] }] } },
    },
  };
  const rows: Array<{ operation: string; access: Access }> = [
    { operation: 'GET /dashboard/api/things', access: 'products:read' },
    { operation: 'POST /dashboard/api/things', access: 'member' },
    { operation: 'POST /dashboard/api/login', access: 'public' },
    { operation: 'POST /dashboard/api/logout', access: 'optional' },
  ];

  it('finds nothing wrong when every operation has its row', () => {
    expect(compare(document, rows)).toEqual(NOTHING_WRONG);
  });

  it('names an operation without a row, a row of no operation, a row twice, an access against the security', () => {
    const wrong = [
      { operation: 'GET /dashboard/api/things', access: 'public' as const },
      { operation: 'POST /dashboard/api/login', access: 'public' as const },
      { operation: 'POST /dashboard/api/login', access: 'public' as const },
      { operation: 'POST /dashboard/api/logout', access: 'optional' as const },
      { operation: 'DELETE /dashboard/api/things/{id}', access: 'member' as const },
    ];
    expect(compare(document, wrong)).toEqual({
      withoutRow: ['POST /dashboard/api/things'],
      withoutOperation: ['DELETE /dashboard/api/things/{id}'],
      twice: ['POST /dashboard/api/login'],
      accessDisagrees: ['GET /dashboard/api/things'],
    });
  });
});

describe('the route table (test/dashboard-route-table.ts)', () => {
  it('has a row for every operation of openapi/dashboard.json, and none for an operation it lacks', () => {
    const document = JSON.parse(readDashboardOpenapiFile()) as Document;
    expect(operationsOf(document).size).toBeGreaterThan(40);
    expect(compare(document, ROUTE_TABLE)).toEqual(NOTHING_WRONG);
  });
});
