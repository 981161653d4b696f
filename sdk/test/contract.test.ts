// The SDK against openapi/lapak.json: its generated types are the document's (no drift), it
// has one method per operation sending that operation's method and path, it knows every
// authentication text the document lists, and its public types are open where they should be.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Lapak, OPERATION_METHODS } from '@lapak/sdk';
import { AUTH_REASONS } from '../src/errors.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCUMENT = path.join(ROOT, 'openapi/lapak.json');
const GENERATED = path.join(ROOT, 'sdk/src/schema.ts');
const require = createRequire(import.meta.url);

interface Operation {
  operationId: string;
  responses: Record<string, { content?: { 'application/json'?: { schema?: { properties?: { error?: { enum?: string[] } } } } } }>;
}
const document = JSON.parse(fs.readFileSync(DOCUMENT, 'utf8')) as { paths: Record<string, Record<string, Operation>> };
const operations = Object.entries(document.paths).flatMap(([p, methods]) =>
  Object.entries(methods)
    .filter(([, op]) => typeof op === 'object' && op !== null && 'operationId' in op)
    .map(([method, op]) => ({ path: p, method: method.toUpperCase(), op })),
);

describe('@lapak/sdk and openapi/lapak.json', () => {
  it('src/schema.ts is what openapi-typescript makes of the document today (npm run generate -w sdk)', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-sdk-')), 'schema.ts');
    const cli = path.join(ROOT, 'node_modules/.bin/openapi-typescript');
    // From sdk/, as `npm run generate -w sdk` runs it (the root's redocly.yaml would take over).
    const run = spawnSync(process.execPath, [cli, DOCUMENT, '-o', out], { encoding: 'utf8', cwd: path.join(ROOT, 'sdk') });
    expect(run.status, run.stderr).toBe(0);
    expect(fs.readFileSync(GENERATED, 'utf8'), 'sdk/src/schema.ts is stale: run npm run generate -w sdk').toBe(fs.readFileSync(out, 'utf8'));
  });

  it('one method per operation, sending its method and path', async () => {
    expect(Object.keys(OPERATION_METHODS).sort()).toEqual(operations.map((o) => o.op.operationId).sort());
    const sent: Array<{ method: string; url: URL; body: unknown; idempotencyKey: string | null }> = [];
    const sdk = new Lapak({
      apiKey: 'lpk_test',
      baseUrl: 'https://lapak.test/',
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers);
        sent.push({ method: init?.method ?? 'GET', url: new URL(String(input)), body: init?.body ? JSON.parse(String(init.body)) : undefined, idempotencyKey: headers.get('idempotency-key') });
        return Response.json({ success: true }, { status: 200 });
      },
    });
    const calls: Record<keyof typeof OPERATION_METHODS, () => Promise<unknown>> = {
      getProductEmbed: () => sdk.getProductEmbed(7),
      duplicateProduct: () => sdk.duplicateProduct(7, { name: 'Salinan' }),
      getOrder: () => sdk.getOrder(9),
      updateOrderStatus: () => sdk.setOrderStatus({ id: 9, status: 'closing' }),
      lookupCustomer: () => sdk.lookupCustomer({ phone: '0812' }),
    };
    for (const { path: p, method, op } of operations) {
      const id = op.operationId as keyof typeof OPERATION_METHODS;
      expect(typeof (sdk as unknown as Record<string, unknown>)[OPERATION_METHODS[id]]).toBe('function');
      await calls[id]();
      const last = sent.at(-1)!;
      expect(`${last.method} ${last.url.pathname}`, id).toBe(`${method} ${p}`);
    }
    expect(sent.map((s) => s.url.search)).toEqual(['?action=embed&id=7', '?action=duplicate&id=7', '?id=9', '', '']);
    expect(sent[1]!.body).toEqual({ name: 'Salinan' });
    expect(sent.map((s) => s.idempotencyKey !== null)).toEqual([false, false, false, true, false]);
  });

  it('knows every authentication-layer text of the document (and only those)', () => {
    const texts = new Set(operations.flatMap(({ op }) => op.responses['401']?.content?.['application/json']?.schema?.properties?.error?.enum ?? []));
    expect([...texts].sort()).toEqual(Object.keys(AUTH_REASONS).sort());
  });

  it('has no runtime dependency and imports nothing outside sdk/src but node: builtins', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'sdk/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.peerDependencies).toBeUndefined();
    const src = path.join(ROOT, 'sdk/src');
    let seen = 0;
    for (const file of fs.readdirSync(src).filter((f) => f.endsWith('.ts'))) {
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      // Not a string that happens to read import ('import', a source of a change).
      for (const [, specifier] of text.matchAll(/(?<!')(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        expect(specifier!.startsWith('node:') || /^\.\/[a-z-]+\.js$/.test(specifier!), `${file} imports ${specifier}`).toBe(true);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(10);
  });

  it('the public types are open in responses and closed in requests (tsc on test/types/fixture.ts)', () => {
    const tsc = require.resolve('typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'sdk/test/types/tsconfig.json')], { encoding: 'utf8' });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);
});
