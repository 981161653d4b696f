// The floors of src/ and the direction of their imports. lib/ is the ground floor: it imports
// only lib/. jobs/, the runner of background work, stands beside it: it imports only lib/ and
// itself, so it knows no worker (the list of workers is workers.ts, on the top floor). The
// features (every other folder) stand on them and may import one another, but
// never in a circle, and never the top floor (app.ts, server.ts, the CLI: cli.ts and cli/),
// except context.ts, the AppContext wiring type, imported as a type only. Imports that leave
// src/ (the test harness under test/) belong to no floor and are not checked.
//
// The rules are checked on small synthetic graphs first, so that a clean result on the real
// tree means the checker looked, not that it cannot fail.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** One import, between paths relative to src/ ("orders/api/routes.ts"); `to` may leave src/ ("../test/helpers.ts"). */
interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

const SRC = path.dirname(fileURLToPath(import.meta.url));
const LIB = 'lib/';
/** The runner of background work: like lib/, it imports no feature. */
const JOBS = 'jobs/';
const TOP_FLOOR_FOLDERS = new Set(['cli/']);
/** The one top-floor file a feature may import, and then only as a type. */
const WIRING_TYPE = 'context.ts';

/** The folder a file is in ("orders/"), or the file itself when it sits at the top of src/ ("app.ts"). */
const unitOf = (file: string): string => (file.includes('/') ? file.slice(0, file.indexOf('/') + 1) : file);
const isFolder = (unit: string) => unit.endsWith('/');
const isFeature = (unit: string) => isFolder(unit) && unit !== LIB && !TOP_FLOOR_FOLDERS.has(unit);
const isTest = (file: string) => /\.test\.ts$/.test(file);

/** The relative module specifiers of one file, with whether each import carries types only. */
function importsOf(fileName: string, text: string): Array<{ specifier: string; typeOnly: boolean }> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: Array<{ specifier: string; typeOnly: boolean }> = [];
  const add = (specifier: ts.Node | undefined, typeOnly: boolean) => {
    if (specifier && ts.isStringLiteralLike(specifier) && specifier.text.startsWith('.')) found.push({ specifier: specifier.text, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      // `import { type A, type B }` is as type-only as `import type { A, B }`; `import './x'` is not.
      const everyNameIsType =
        clause !== undefined &&
        clause.name === undefined &&
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, clause !== undefined && (clause.isTypeOnly || everyNameIsType));
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every import between the .ts files under `root`, as paths relative to it. */
function importGraph(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) continue;
    const from = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    for (const { specifier, typeOnly } of importsOf(from, fs.readFileSync(path.join(root, from), 'utf8'))) {
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)).replace(/\.js$/, '.ts');
      edges.push({ from, to, typeOnly });
    }
  }
  return edges;
}

/** What breaks the rules of the floors, one line each; empty when nothing does. */
function findViolations(edges: readonly ImportEdge[]): string[] {
  const violations: string[] = [];
  const inSrc = edges.filter((e) => !e.to.startsWith('../'));

  for (const { from, to, typeOnly } of inSrc) {
    const source = unitOf(from);
    const target = unitOf(to);
    if (source === LIB && target !== LIB) violations.push(`${from} imports ${to}: lib/ imports only lib/`);
    if (source === JOBS && target !== LIB && target !== JOBS) violations.push(`${from} imports ${to}: jobs/ imports only lib/ and jobs/`);
    if (isFeature(source) && !isFolder(target) && !(target === WIRING_TYPE && typeOnly)) {
      violations.push(`${from} imports ${to}: a feature imports nothing from the top floor but the ${WIRING_TYPE} type`);
    }
    if (isFeature(source) && TOP_FLOOR_FOLDERS.has(target)) violations.push(`${from} imports ${to}: a feature never imports the CLI`);
  }

  // Circles between folders, in the code that ships: a test may set up its data through
  // another folder (auth's tests issue keys through api-keys) without making a circle.
  const between = new Map<string, Map<string, string>>();
  for (const { from, to } of inSrc) {
    const [a, b] = [unitOf(from), unitOf(to)];
    if (isTest(from) || a === b || !isFolder(a) || !isFolder(b)) continue;
    const out = between.get(a) ?? new Map<string, string>();
    if (!out.has(b)) out.set(b, `${from} imports ${to}`);
    between.set(a, out);
  }
  for (const circle of circles(between)) {
    const examples = circle.flatMap((a) => [...(between.get(a) ?? [])].filter(([b]) => circle.includes(b)).map(([, example]) => example));
    violations.push(`circle between ${circle.join(', ')}: ${examples.join('; ')}`);
  }
  return violations;
}

/** The strongly connected groups of more than one folder (Tarjan), each sorted. */
function circles(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return found;
}

const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, typeOnly });

describe('the checker', () => {
  it('reads value, type, re-export, side-effect, dynamic and import() type imports, and skips packages', () => {
    const text = [
      "import fs from 'node:fs';",
      "import { sql } from 'kysely';",
      "import type { Db } from '../lib/db/db.js';",
      "import { type Clock, type ManualClock } from '../lib/clock.js';",
      "import {\n  apiFailure,\n  type ApiFailure,\n} from '../lib/http/failures.js';",
      "import './side-effect.js';",
      "export { thing } from './thing.js';",
      "export type { Shape } from './shape.js';",
      "const later = () => import('../webhooks/dispatcher.js');",
      "let config: import('../lib/config.js').Config;",
      "// import { commented } from '../not-an-import.js';",
    ].join('\n');
    expect(importsOf('orders/x.ts', text)).toEqual([
      { specifier: '../lib/db/db.js', typeOnly: true },
      { specifier: '../lib/clock.js', typeOnly: true },
      { specifier: '../lib/http/failures.js', typeOnly: false },
      { specifier: './side-effect.js', typeOnly: false },
      { specifier: './thing.js', typeOnly: false },
      { specifier: './shape.js', typeOnly: true },
      { specifier: '../webhooks/dispatcher.js', typeOnly: false },
      { specifier: '../lib/config.js', typeOnly: true },
    ]);
  });

  it('passes a graph that keeps the rules', () => {
    expect(
      findViolations([
        edge('lib/db/db.ts', 'lib/db/prepared.ts'),
        edge('lib/limits.ts', 'lib/db/prepared.ts'),
        edge('lib/limits.test.ts', '../test/helpers.ts'),
        edge('orders/routes.ts', 'lib/http/failures.ts'),
        edge('orders/routes.ts', 'context.ts', true),
        edge('customers/lookup-customer.ts', 'orders/statuses.ts'),
        edge('app.ts', 'orders/routes.ts'),
        edge('server.ts', 'app.ts'),
        edge('cli/serve.ts', 'server.ts'),
        edge('cli.ts', 'cli/serve.ts'),
        edge('context.ts', 'auth/key-cache.ts', true),
        edge('jobs/runner.ts', 'jobs/worker.ts', true),
        edge('jobs/runner.ts', 'lib/clock.ts'),
        edge('webhooks/dispatcher.ts', 'jobs/runner.ts'),
        edge('workers.ts', 'webhooks/dispatcher.ts'),
        edge('server.ts', 'workers.ts'),
      ]),
    ).toEqual([]);
  });

  it('fails when lib/ imports a feature or the top floor', () => {
    expect(
      findViolations([edge('lib/metrics.ts', 'events/outbox.ts'), edge('lib/db/db.ts', 'orders/statuses.ts', true), edge('lib/readiness.ts', 'context.ts', true)]),
    ).toEqual([
      'lib/metrics.ts imports events/outbox.ts: lib/ imports only lib/',
      'lib/db/db.ts imports orders/statuses.ts: lib/ imports only lib/',
      'lib/readiness.ts imports context.ts: lib/ imports only lib/',
    ]);
  });

  it('fails when a feature imports app.ts, server.ts or the CLI, or needs AppContext as a value', () => {
    expect(
      findViolations([
        edge('orders/routes.ts', 'app.ts'),
        edge('webhooks/run-dispatcher.ts', 'server.ts', true),
        edge('tenants/create-tenant.ts', 'cli.ts'),
        edge('api-keys/issue-key.ts', 'cli/key.ts'),
        edge('form/routes.ts', 'context.ts'),
      ]),
    ).toEqual([
      'orders/routes.ts imports app.ts: a feature imports nothing from the top floor but the context.ts type',
      'webhooks/run-dispatcher.ts imports server.ts: a feature imports nothing from the top floor but the context.ts type',
      'tenants/create-tenant.ts imports cli.ts: a feature imports nothing from the top floor but the context.ts type',
      'api-keys/issue-key.ts imports cli/key.ts: a feature never imports the CLI',
      'form/routes.ts imports context.ts: a feature imports nothing from the top floor but the context.ts type',
    ]);
  });

  it('fails when jobs/ imports a feature or the top floor, or a feature imports the list of workers', () => {
    expect(
      findViolations([
        edge('jobs/runner.ts', 'webhooks/dispatcher.ts'),
        edge('jobs/worker.ts', 'ops/housekeeping.ts', true),
        edge('jobs/runner.ts', 'workers.ts'),
        edge('ops/housekeeping.ts', 'workers.ts', true),
      ]),
    ).toEqual([
      'jobs/runner.ts imports webhooks/dispatcher.ts: jobs/ imports only lib/ and jobs/',
      'jobs/worker.ts imports ops/housekeeping.ts: jobs/ imports only lib/ and jobs/',
      'jobs/runner.ts imports workers.ts: jobs/ imports only lib/ and jobs/',
      'jobs/runner.ts imports workers.ts: a feature imports nothing from the top floor but the context.ts type',
      'ops/housekeeping.ts imports workers.ts: a feature imports nothing from the top floor but the context.ts type',
    ]);
  });

  it('fails when two folders import each other, directly or round a longer circle', () => {
    expect(findViolations([edge('orders/create-order.ts', 'customers/phone.ts'), edge('customers/lookup-customer.ts', 'orders/statuses.ts', true)])).toEqual([
      'circle between customers/, orders/: customers/lookup-customer.ts imports orders/statuses.ts; orders/create-order.ts imports customers/phone.ts',
    ]);
    expect(
      findViolations([
        edge('form/routes.ts', 'payments/ensure-charge.ts'),
        edge('payments/routes.ts', 'tenants/store-settings.ts'),
        edge('tenants/update-store-settings.ts', 'form/messages.ts'),
        edge('products/routes.ts', 'auth/require-key.ts'),
      ]),
    ).toEqual([
      'circle between form/, payments/, tenants/: form/routes.ts imports payments/ensure-charge.ts; payments/routes.ts imports tenants/store-settings.ts; tenants/update-store-settings.ts imports form/messages.ts',
    ]);
  });

  it('lets a test set up its data through another folder without making a circle', () => {
    expect(findViolations([edge('auth/key-cache.api.test.ts', 'api-keys/revoke-key.ts'), edge('api-keys/issue-key.ts', 'auth/api-key.ts')])).toEqual([]);
  });
});

describe('src/', () => {
  const edges = importGraph(SRC);

  it('is read whole: the checker sees the imports it must judge', () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges).toContainEqual(edge('app.ts', 'orders/api/routes.ts'));
    expect(edges).toContainEqual(edge('orders/api/routes.ts', 'context.ts', true));
    expect(edges).toContainEqual(edge('workers.ts', 'jobs/runner.ts'));
    expect(edges).toContainEqual(edge('webhooks/dispatcher.ts', 'jobs/runner.ts'));
  });

  it('keeps the floors: lib/ imports only lib/, no feature imports the top floor, no folders in a circle', () => {
    expect(findViolations(edges)).toEqual([]);
  });
});
