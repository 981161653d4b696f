import { defineConfig } from 'vitest/config';

// The API suites (*.api.test.ts) run once per SQL backend; unit tests run once.
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  console.warn(
    '\n*** TEST_DATABASE_URL is not set: the PostgreSQL run of the API suite is SKIPPED. ' +
      '.ci/run sets it; set it to postgres://... to run it here. ***\n',
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
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: ['**/*.api.test.ts', '**/*.browser.test.ts', '**/node_modules/**'] } },
      // Real chromium (Debian's, /usr/bin/chromium) on the real HTTP server, SQLite only.
      { test: { name: 'browser', include: ['src/**/*.browser.test.ts'], env: { LAPAK_TEST_DB: 'sqlite' }, testTimeout: 30_000, hookTimeout: 60_000 } },
      api('sqlite'),
      ...(postgresUrl ? [api('postgres')] : []),
    ],
  },
});
