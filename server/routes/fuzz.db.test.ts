/**
 * Every route of the OpenAPI document, generated from the running app so it is never stale, gets
 * bounded runs of random and hostile input derived from its parameters and JSON body schema
 * (strings with NUL, bidi overrides, huge strings, deep objects, wrong types, numbers as text,
 * encoded NUL in path segments, unicode) from a signed-in user. None may answer 5xx.
 *
 * Routes outside the document, each covered by explicit cases below instead:
 * - POST /api/activities/uploads (a streamed multipart batch; its fields and file names are fuzzed
 *   here as multipart, not as JSON);
 * - GET /api/events (Server-Sent Events: a stream never ends, so only its query and path are fuzzed);
 * - GET /api/activities/{id}/original and /export.gpx (file downloads; path ids fuzzed);
 * - /api/auth/* (better-auth's own endpoints; hostile JSON bodies to sign-up, sign-in and sign-out);
 * - POST /api/profile/photo (a raw or multipart body of bytes; random bytes sent).
 */
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, JSON_BODY_LIMIT_BYTES } from '../../core/errors.ts';
import { OPENAPI_INFO } from '../app.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { cookieHeader } from '../test-support/uploads.ts';

const RUNS_PER_ROUTE = 15;
/** About 500 requests for the document's routes; generous for a loaded machine. */
const DOCUMENT_TIMEOUT_MS = 180_000;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
}

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface FuzzRequest {
  path: string;
  query: string;
  /** A JSON text (possibly malformed or hostile), or undefined for none. */
  body: string | undefined;
}

const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '%00',
    '\u202Eevil\u202C',
    '\u2066\u2067\u2068\u2069',
    '\u200F\u200E',
    '1e308',
    '-0',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '9'.repeat(400),
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "'; drop table profiles; --",
    '😀🏃‍♀️',
    'Zoe\u0301',
    '\uD800',
    ' ',
    '',
    'run',
    'upload',
    'strava',
    '2024-02-30',
    'Europe/Ljubljana',
    'Not/AZone',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.nat({ max: 300_000 }).map((length) => 'x'.repeat(length)),
);

const hostileNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 0.1, 2 ** 53),
);

function deepValue(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) {
    value = level % 2 === 0 ? { a: value } : [value];
  }
  return value;
}

const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
    fc.nat({ max: 200 }).map(deepValue),
  ),
})).value;

/** Values shaped by the schema most of the time, anything at all otherwise. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) {
    return anyValue;
  }
  const shaped = shapedBySchema(schema, depth);
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: anyValue });
}

function shapedBySchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) {
    return fc.constantFrom(...schema.enum);
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) {
    return fc.oneof(...variants.map((variant) => fromSchema(variant, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return hostileString;
    case 'number':
    case 'integer':
      return hostileNumber;
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 5 });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const known = fc.record(
        Object.fromEntries(properties.map(([key, value]) => [key, fromSchema(value, depth + 1)])),
        { requiredKeys: [] },
      );
      return fc
        .tuple(known, fc.dictionary(hostileString, anyValue, { maxKeys: 2 }), fc.boolean())
        .map(([fields, extra, addExtra]) => (addExtra ? { ...extra, ...fields } : fields));
    }
    default:
      return anyValue;
  }
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function encodeSegment(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
}

/** A path parameter: hostile text, a real id of the user's, or a raw encoded NUL. */
function pathParameter(realIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    hostileString.filter((text) => text.length > 0 && text.length < 5000).map(encodeSegment),
    fc.constantFrom(...realIds, 'abc%00', '%00', '%2e%2e', '%E2%80%AE'),
  );
}

const hostileBodyText = fc.oneof(
  fc.constantFrom('{', '[', 'null', '"\\u0000"', '{"a":"\\u0000"}', '1e999', 'NaN', '{"__proto__":{"x":1}}'),
  fc.nat({ max: 50_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.string({ maxLength: 60 }),
);

function requestArbitrary(route: string, operation: Operation, realIds: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const pathNames = parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const pathArbitrary = fc
    .tuple(...pathNames.map(() => pathParameter(realIds)))
    .map((values) => pathNames.reduce((path, name, index) => path.replace(`{${name}}`, values[index] ?? ''), route));
  const queryArbitrary = fc
    .tuple(
      ...queryParameters.map((parameter) =>
        fc.option(fc.oneof(shapedBySchema(parameter.schema ?? {}, 0), hostileString), { nil: undefined }),
      ),
    )
    .map((values) =>
      queryParameters
        .map((parameter, index) =>
          values[index] === undefined
            ? ''
            : `${encodeURIComponent(parameter.name)}=${encodeSegment(textOf(values[index]).slice(0, 5000))}`,
        )
        .filter((pair) => pair !== '')
        .join('&'),
    );
  const bodyArbitrary: fc.Arbitrary<string | undefined> = bodySchema
    ? fc.oneof(
        { weight: 4, arbitrary: fromSchema(bodySchema).map((value) => JSON.stringify(value) ?? 'null') },
        { weight: 1, arbitrary: hostileBodyText },
      )
    : fc.oneof(fc.constant(undefined), hostileBodyText);
  return fc.record({ path: pathArbitrary, query: queryArbitrary, body: bodyArbitrary });
}

let server: TestServer;
let runner: RegisteredUser;
let realIds: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  runner = await registerUser(server, { name: 'Fuzz Runner' });
  await runner.client.post('/api/activities/samples');
  const list = await runner.client.get<{ items: { id: string }[] }>('/api/activities');
  realIds = list.body.items.map((item) => item.id);
});

afterAll(async () => {
  await server.stop();
});

/**
 * A request with a body goes on a connection of its own. The server may answer before reading a
 * body (a refusal, a 413 over the limit) and close that connection; a shared pool would hand the
 * closed socket to the next request. Over the limit, a socket closed while still sending is the
 * refusal itself.
 */
function sendWithBody(url: string, method: string, headers: Record<string, string>, body: string): Promise<number> {
  const oversized = Buffer.byteLength(body) > JSON_BODY_LIMIT_BYTES;
  return new Promise((resolve, reject) => {
    let status: number | undefined;
    const request = httpRequest(url, { method, headers, agent: false }, (response) => {
      status = response.statusCode ?? 0;
      response.resume();
      response.on('end', () => resolve(status ?? 0));
      response.on('error', () => resolve(status ?? 0));
    });
    request.on('error', (error) => {
      if (status !== undefined) {
        resolve(status);
      } else if (oversized) {
        resolve(413);
      } else {
        reject(error);
      }
    });
    request.end(body);
  });
}

async function send(client: ApiClient, method: string, fuzzed: FuzzRequest): Promise<number> {
  // fetch cannot send a body with GET or HEAD.
  const request = method === 'GET' || method === 'HEAD' ? { ...fuzzed, body: undefined } : fuzzed;
  const url = `${server.url}${request.path}${request.query ? `?${request.query}` : ''}`;
  const headers: Record<string, string> = {
    cookie: cookieHeader(client),
    origin: server.url,
    ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
  };
  if (request.body !== undefined) {
    return sendWithBody(url, method, headers, request.body);
  }
  const response = await fetch(url, { method, headers });
  await response.arrayBuffer();
  return response.status;
}

function documentOperations(): [string, string, Operation][] {
  const document = server.app.getOpenAPI31Document(OPENAPI_INFO) as unknown as {
    paths: Record<string, Record<string, Operation>>;
  };
  const operations: [string, string, Operation][] = [];
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push([method.toUpperCase(), route, operation]);
    }
  }
  // Deleting the account ends the session every later route needs: it goes last.
  return operations.sort(([, a], [, b]) => Number(a === '/api/account') - Number(b === '/api/account'));
}

describe('every route of the OpenAPI document', () => {
  it(
    'answers hostile input with less than 500',
    async () => {
      const operations = documentOperations();
      expect(operations.length).toBeGreaterThan(25);
      const failures: string[] = [];
      for (const [method, route, operation] of operations) {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(route, operation, realIds), async (request) => {
            const status = await send(runner.client, method, request);
            if (status >= 500) {
              failures.push(`${method} ${route}: ${status} for ${JSON.stringify(request).slice(0, 300)}`);
            }
            return true;
          }),
          { numRuns: RUNS_PER_ROUTE },
        );
      }
      expect(failures).toEqual([]);
    },
    DOCUMENT_TIMEOUT_MS,
  );
});

describe('routes outside the document', () => {
  it('the downloads and the event stream refuse hostile ids and queries with less than 500', async () => {
    const paths = fc.sample(pathParameter(realIds), RUNS_PER_ROUTE);
    for (const id of paths) {
      for (const suffix of ['original', 'export.gpx']) {
        expect(
          await send(runner.client, 'GET', { path: `/api/activities/${id}/${suffix}`, query: '', body: undefined }),
        ).toBeLessThan(500);
      }
    }
    for (const query of ['x=%00', 'lastEventId=%E2%80%AE', `a=${'x'.repeat(4000)}`]) {
      const response = await fetch(`${server.url}/api/events?${query}`, {
        headers: { cookie: cookieHeader(runner.client) },
      });
      expect(response.status).toBeLessThan(500);
      await response.body?.cancel();
    }
  });

  it('better-auth endpoints answer hostile JSON with less than 500', async () => {
    const bodies = fc.sample(
      fc.oneof(
        fc.record({ email: hostileString, password: hostileString, name: hostileString }, { requiredKeys: [] }),
        anyValue,
      ),
      RUNS_PER_ROUTE,
    );
    const anonymous = { cookies: new Map<string, string>() } as unknown as ApiClient;
    for (const body of bodies) {
      for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email']) {
        const status = await send(anonymous, 'POST', { path, query: '', body: JSON.stringify(body) ?? 'null' });
        expect(status, `${path} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });

  it('the upload and the photo take random multipart fields, file names and bytes with less than 500', async () => {
    const cases = fc.sample(
      fc.record({ name: hostileString, timeZone: hostileString, bytes: fc.uint8Array({ maxLength: 2000 }) }),
      RUNS_PER_ROUTE,
    );
    for (const { name, timeZone, bytes } of cases) {
      const form = new FormData();
      form.append('timeZone', timeZone);
      form.append('files', new Blob([bytes]), `${name.slice(0, 200)}.gpx`);
      const upload = await fetch(`${server.url}/api/activities/uploads`, {
        method: 'POST',
        headers: { cookie: cookieHeader(runner.client), origin: server.url },
        body: form,
      });
      const text = await upload.text();
      expect(upload.status, name).toBeLessThan(500);
      expect(text).not.toContain('"state":"error","message":"Something went wrong');
      const photo = await fetch(`${server.url}/api/profile/photo`, {
        method: 'POST',
        headers: { cookie: cookieHeader(runner.client), origin: server.url, 'content-type': 'image/png' },
        body: bytes,
      });
      expect(photo.status).toBeLessThan(500);
      await photo.arrayBuffer();
    }
  });
});

/** One request with any headers (Host included, which fetch cannot set), read whole. */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${path}`, { method, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A documented route's path with every parameter filled by a real activity id. */
function concretePath(route: string): string {
  return route.replaceAll(/\{[^}]+\}/g, realIds[0] ?? 'x');
}

describe("the red team's requests, on every documented route", () => {
  const withBody = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';

  it("a Host other than PUBLIC_URL's is refused before any route runs (421), the health probe aside", async () => {
    const refused: string[] = [];
    // Probes reach the server by its address, so /api/health answers whatever the Host.
    for (const [method, route] of documentOperations().filter(([, path]) => path !== '/api/health')) {
      const answer = await rawRequest(method, concretePath(route), {
        host: 'evil.example',
        cookie: cookieHeader(runner.client),
        origin: 'http://evil.example',
      });
      if (
        answer.status !== 421 ||
        !answer.text.includes(JSON.stringify(HTTP_MESSAGES.unknownHost(server.config.publicUrl)).slice(1, -1))
      ) {
        refused.push(`${method} ${route}: ${answer.status}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('a lone surrogate or a NUL in any JSON body, or a NUL in a form-encoded one, is a 400 with its sentence', async () => {
    const cookie = cookieHeader(runner.client);
    const wrong: string[] = [];
    const expectRefused = async (label: string, contentType: string, body: string, message: string) => {
      for (const [method, route] of documentOperations().filter(([method]) => withBody(method))) {
        const answer = await rawRequest(
          method,
          concretePath(route),
          { cookie, origin: server.url, 'content-type': contentType },
          body,
        );
        const parsed = JSON.parse(answer.text) as { error?: { message?: string } };
        if (answer.status !== 400 || parsed.error?.message !== message) {
          wrong.push(`${label} ${method} ${route}: ${answer.status} ${answer.text.slice(0, 120)}`);
        }
      }
    };
    await expectRefused('surrogate', 'application/json', '{"name":"\\ud800"}', HTTP_MESSAGES.loneSurrogate);
    await expectRefused('nul', 'application/json', '{"name":"a\\u0000b"}', HTTP_MESSAGES.nulCharacter);
    await expectRefused('form nul', 'application/x-www-form-urlencoded', 'name=a%00b', HTTP_MESSAGES.nulCharacter);
    expect(wrong).toEqual([]);
  });
});
