// npm run openapi: writes openapi/lapak.json (the API-key surface) and openapi/dashboard.json
// (the dashboard's interface), both generated from the routes and their contracts.
import fs from 'node:fs';
import path from 'node:path';
import { DASHBOARD_OPENAPI_FILE, OPENAPI_FILE, generateBoth, serialiseDocument } from '../test/openapi-document.js';

const documents = await generateBoth();
for (const [file, document] of [[OPENAPI_FILE, documents.api], [DASHBOARD_OPENAPI_FILE, documents.dashboard]] as const) {
  const text = serialiseDocument(document);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)} (${text.length} bytes)`);
}
