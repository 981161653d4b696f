import { spawnSync } from 'node:child_process';
// openapi/lapak.json: where it is, how it is generated from the routes (the app on an empty
// in-memory database; no request is served) and how it is written. `npm run openapi`
// (scripts/openapi.ts) writes it; test/openapi.test.ts fails when the routes and it disagree.
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/lib/config.js';
import { openDatabase } from '../src/lib/db/db.js';

// Relative to the repository root, where npm scripts and vitest run (this file also runs
// compiled, from build/test/).
export const OPENAPI_FILE = path.resolve('openapi/lapak.json');
/** The dashboard's interface (src/dashboard/openapi.ts). */
export const DASHBOARD_OPENAPI_FILE = path.resolve('openapi/dashboard.json');

export async function generateOpenapiDocument(): Promise<unknown> {
  return (await generateBoth()).api;
}

export async function generateDashboardDocument(): Promise<unknown> {
  return (await generateBoth()).dashboard;
}

export async function generateBoth(): Promise<{ api: unknown; dashboard: unknown }> {
  const database = openDatabase('sqlite::memory:');
  const { app } = buildApp({ config: loadConfig({ DATABASE_URL: 'sqlite::memory:' }), database, logger: false });
  try {
    await app.ready();
    return { api: app.swagger(), dashboard: app.dashboardSwagger() };
  } finally {
    await app.close();
    await database.close();
  }
}

export const serialiseDocument = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;

export const readOpenapiFile = (): string => fs.readFileSync(OPENAPI_FILE, 'utf8');
export const readDashboardOpenapiFile = (): string => fs.readFileSync(DASHBOARD_OPENAPI_FILE, 'utf8');

/**
 * Runs @redocly/cli lint on one document with telemetry off and a preload that refuses and
 * reports any network connection; returns its exit status and its whole output.
 */
export function lintOffline(file: string): { status: number | null; output: string } {
  const cli = path.resolve('node_modules/@redocly/cli/bin/cli.js');
  const result = spawnSync(process.execPath, ['--require', path.resolve('test/no-network.cjs'), cli, 'lint', file, '--format=stylish'], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', NO_COLOR: '1' },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}
