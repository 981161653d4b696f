// npm run openapi: writes openapi/lapak.json (the API-key surface) and openapi/dashboard.json
// (the dashboard's interface), both generated from the routes and their contracts, and the
// web app's types of the dashboard interface (web/src/api/schema.d.ts) from the second.
import fs from 'node:fs';
import path from 'node:path';
import { DASHBOARD_OPENAPI_FILE, DASHBOARD_TYPES_FILE, OPENAPI_FILE, dashboardTypes, generateBoth, serialiseDocument } from '../test/openapi-document.js';

const documents = await generateBoth();
for (const [file, document] of [[OPENAPI_FILE, documents.api], [DASHBOARD_OPENAPI_FILE, documents.dashboard]] as const) {
  const text = serialiseDocument(document);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)} (${text.length} bytes)`);
}

const types = await dashboardTypes(serialiseDocument(documents.dashboard));
fs.writeFileSync(DASHBOARD_TYPES_FILE, types);
console.log(`wrote ${path.relative(process.cwd(), DASHBOARD_TYPES_FILE)} (${types.length} bytes)`);
