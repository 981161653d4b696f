// openapi/dashboard.json: what the dashboard routes generate, and lint clean (offline).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDashboardDocument, readDashboardOpenapiFile, serialiseDocument } from './openapi-document.js';

describe('openapi/dashboard.json', () => {
  it('is what the dashboard routes generate (run `npm run openapi` after changing a route or a contract)', async () => {
    expect(readDashboardOpenapiFile()).toBe(serialiseDocument(await generateDashboardDocument()));
  });

  it('holds only /dashboard/api/ paths, each with the session scheme or none', () => {
    const document = JSON.parse(readDashboardOpenapiFile()) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(p).toMatch(/^\/dashboard\/api\//);
  });

  it('passes @redocly/cli lint (recommended-strict) without reaching the network', () => {
    const cli = path.resolve('node_modules/@redocly/cli/bin/cli.js');
    const result = spawnSync(process.execPath, ['--require', path.resolve('test/no-network.cjs'), cli, 'lint', 'openapi/dashboard.json', '--format=stylish'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', NO_COLOR: '1' },
    });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(output).not.toContain('NETWORK ATTEMPT');
    expect(result.status, output).toBe(0);
    expect(output).toContain('Your API description is valid');
    expect(output).not.toMatch(/You have \d+ warning/);
  }, 60_000);
});
