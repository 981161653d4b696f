import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

// The API suites (*.api.test.ts) run once per SQL backend; unit tests run once.
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  console.warn(
    '\n*** TEST_DATABASE_URL is not set: the PostgreSQL run of the API suite is SKIPPED. ' +
      '.ci/run sets it; set it to postgres://... to run it here. ***\n',
  );
}

// The browser tests need Debian's chromium. Without it they are skipped, loudly, unless
// LAPAK_REQUIRE_BROWSER=1 (.ci/run installs chromium and sets it, so CI never skips them).
const hasChromium = fs.existsSync('/usr/bin/chromium');
if (!hasChromium) {
  if (process.env.LAPAK_REQUIRE_BROWSER === '1') {
    throw new Error('LAPAK_REQUIRE_BROWSER=1 but /usr/bin/chromium is missing: apt-get install -y chromium');
  }
  console.warn(
    '\n*** /usr/bin/chromium is missing: the browser tests (*.browser.test.ts) are SKIPPED. ' +
      'Install it with apt-get install -y chromium (.ci/run does). ***\n',
  );
}

const api = (backend: 'sqlite' | 'postgres') => ({
  test: {
    name: `api-${backend}`,
    include: ['src/**/*.api.test.ts', 'test/**/*.api.test.ts'],
    env: { LAPAK_TEST_DB: backend },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/test/**/*.test.ts'], exclude: ['**/*.api.test.ts', '**/*.browser.test.ts', '**/node_modules/**'] } },
      // Real chromium (Debian's, /usr/bin/chromium) on the real HTTP server, SQLite only.
      ...(hasChromium ? [{ test: { name: 'browser', include: ['src/**/*.browser.test.ts', 'web/test/**/*.browser.test.ts'], env: { LAPAK_TEST_DB: 'sqlite' }, testTimeout: 60_000, hookTimeout: 60_000, expect: { poll: { timeout: 10_000 } } } }] : []),
      // @lapak/sdk and the MCP server, as HTTP clients of a real Lapak on a port (SQLite).
      { test: { name: 'clients', include: ['sdk/test/**/*.test.ts', 'mcp/test/**/*.test.ts'], env: { LAPAK_TEST_DB: 'sqlite' }, testTimeout: 30_000, hookTimeout: 60_000 } },
      api('sqlite'),
      ...(postgresUrl ? [api('postgres')] : []),
    ],
  },
});
