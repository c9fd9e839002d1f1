/** `npm run openapi`: writes the OpenAPI document to docs/openapi.json (commit the result). */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildOpenApiDocument, OPENAPI_FILE } from './openapi-document.ts';

const document = await buildOpenApiDocument();
await mkdir(path.dirname(OPENAPI_FILE), { recursive: true });
await writeFile(OPENAPI_FILE, document);
console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
