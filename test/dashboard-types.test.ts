// The web app's types of the dashboard interface (web/src/api/schema.d.ts) are what
// openapi-typescript makes of openapi/dashboard.json, which is what the routes generate
// (test/openapi-dashboard.test.ts): a route changed without `npm run openapi` fails here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_TYPES_FILE, dashboardTypes, readDashboardOpenapiFile } from './openapi-document.js';

describe('web/src/api/schema.d.ts', () => {
  it('is generated from openapi/dashboard.json (run `npm run openapi` after changing a route)', async () => {
    expect(fs.readFileSync(DASHBOARD_TYPES_FILE, 'utf8')).toBe(await dashboardTypes(readDashboardOpenapiFile()));
  });
});
