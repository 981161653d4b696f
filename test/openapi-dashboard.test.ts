// openapi/dashboard.json: what the dashboard routes generate, and lint clean (offline).
import { describe, expect, it } from 'vitest';
import { lintOffline, generateDashboardDocument, readDashboardOpenapiFile, serialiseDocument } from './openapi-document.js';

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
    const { status, output } = lintOffline('openapi/dashboard.json');
    expect(output).not.toContain('NETWORK ATTEMPT');
    expect(status, output).toBe(0);
    expect(output).toContain('Your API description is valid');
    expect(output).not.toMatch(/You have \d+ warning/);
  }, 60_000);
});
