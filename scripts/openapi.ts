// npm run openapi: writes openapi/lapak.json, the OpenAPI 3.1 document of the API-key
// surface, generated from the routes and their contracts (src/openapi.ts).
import fs from 'node:fs';
import path from 'node:path';
import { OPENAPI_FILE, generateOpenapiDocument, serialiseDocument } from '../test/openapi-document.js';

const text = serialiseDocument(await generateOpenapiDocument());
fs.mkdirSync(path.dirname(OPENAPI_FILE), { recursive: true });
fs.writeFileSync(OPENAPI_FILE, text);
console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)} (${text.length} bytes)`);
