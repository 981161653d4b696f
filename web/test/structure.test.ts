// The web app's shape (issue 29 §4), read from its source: every request of an area is made in
// its use-<area>.ts, whose queries take their keys from the area's key factory; the pages behind
// the login are the rows of one list (web/src/pages.ts), from which the router and the menu are
// built, so that no page is declared a second time elsewhere.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve('web/src');

function sources(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file);
const text = (file: string) => fs.readFileSync(file, 'utf8');
const isAreaHooks = (file: string) => /^use-[a-z-]+\.ts$/.test(path.basename(file));

describe('the requests of the web app', () => {
  it('are made only in the use-<area>.ts files', () => {
    const outside = sources()
      .filter((file) => !isAreaHooks(file) && !file.endsWith(path.join('api', 'client.ts')))
      .filter((file) => /\bapi\.(GET|POST|PUT|PATCH|DELETE)\(|\bcall\(/.test(text(file)))
      .map(relative);
    expect(outside).toEqual([]);
  });

  it('take their cache keys from a key factory (no key written as a literal at a query)', () => {
    const literal = sources()
      .filter((file) => /queryKey:\s*\[/.test(text(file)))
      .map(relative);
    expect(literal).toEqual([]);
    for (const file of sources().filter(isAreaHooks)) {
      if (/queryOptions\(/.test(text(file))) expect(text(file), relative(file)).toMatch(/export const \w+Keys = \{/);
    }
  });
});

describe('the pages behind the login', () => {
  const pages = text(path.join(SRC, 'pages.ts'));
  const router = text(path.join(SRC, 'router.tsx'));
  const layout = text(path.join(SRC, 'components/layout/app-layout.tsx'));

  it('are the rows of pages.ts, each with its own address', () => {
    const paths = [...pages.matchAll(/page\(\{ path: '([^']+)'/g)].map((match) => match[1]);
    expect(paths.length).toBeGreaterThanOrEqual(10);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('become routes and menu entries from that list only', () => {
    // The router's own routes are the root, the three layouts and the four entry pages; every other page comes from the list.
    expect([...router.matchAll(/createRoute\(\{ getParentRoute: \(\) => \(page\.bare \? bare : app\),/g)].length).toBe(1);
    expect(router).toContain('APP_PAGES.map(');
    expect([...router.matchAll(/import\('\.\/features\//g)].length).toBe(4);
    // The menu names no section and no permission of its own.
    expect(layout).toContain('APP_PAGES');
    expect(layout).not.toMatch(/T\.nav\.(home|products|team|keys|webhooks|transfers|settings|account)\b|'[a-z]+:(read|manage)'/);
  });
});
