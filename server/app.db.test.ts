/** The app as a whole over HTTP: unknown API paths and the OpenAPI document at /api/docs. */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../core/errors.ts';
import { OPENAPI_FILE } from '../tools/openapi-document.ts';
import { createApiClient } from './test-support/api-client.ts';
import { expectApiError } from './test-support/factories.ts';
import { startTestServer, type TestServer } from './test-support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

describe('unknown API paths', () => {
  it('answer 404 naming the method and path', async () => {
    const response = await createApiClient(server.url).get('/api/nope');

    expectApiError(response, 404, { type: 'api_error', message: 'Unknown API path: GET /api/nope' });
    expect(HTTP_MESSAGES.unknownApiPath('GET', '/api/nope')).toBe('Unknown API path: GET /api/nope');
  });

  it.each([
    ['POST', '/api/nope/deeper'],
    ['PUT', '/api/profile'],
    ['DELETE', '/api/health'],
  ])('answer 404 for %s %s', async (method, path) => {
    const response = await fetch(`${server.url}${path}`, { method, headers: { origin: server.url } });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { type: 'api_error', message: HTTP_MESSAGES.unknownApiPath(method, path) },
    });
  });
});

describe('GET /api/docs', () => {
  it('serves the OpenAPI 3.1 document listing every API path', async () => {
    const response = await createApiClient(server.url).get<{ openapi: string; info: { title: string }; paths: object }>(
      '/api/docs',
    );

    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(response.body.info.title).toBe('Stride API');
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/password-policy',
        '/api/account',
        '/api/profile',
        '/api/public/profiles/{username}',
      ]),
    );
  });

  it('serves what docs/openapi.json holds', async () => {
    const response = await createApiClient(server.url).get('/api/docs');

    expect(response.body).toEqual(JSON.parse(await readFile(OPENAPI_FILE, 'utf8')));
  });
});
