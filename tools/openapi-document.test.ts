import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument, OPENAPI_FILE } from './openapi-document.ts';

let current: string;

beforeAll(async () => {
  // Opening the in-memory PGlite takes a few seconds.
  current = await buildOpenApiDocument();
}, 60_000);

describe('docs/openapi.json', () => {
  it('matches the document the server serves (run `npm run openapi` and commit when this fails)', async () => {
    const committed = await readFile(OPENAPI_FILE, 'utf8').catch(() => '(docs/openapi.json is missing)');

    expect(committed, 'docs/openapi.json is stale: run `npm run openapi` and commit the result').toBe(current);
  });

  it('documents the API routes', () => {
    const document = JSON.parse(current) as { openapi: string; paths: Record<string, object> };

    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/account',
        '/api/health',
        '/api/password-policy',
        '/api/profile',
        '/api/public/profiles/{username}',
      ]),
    );
  });
});
