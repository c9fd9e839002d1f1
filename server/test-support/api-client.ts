/**
 * A small HTTP client for integration tests: one instance per "user" (browser), with its own
 * cookie jar. Like a browser on the app's own page it sends the server's origin as `Origin`
 * (server/http/same-origin.ts refuses state-changing requests without it once a cookie is held),
 * and returns status, parsed body and headers so tests can assert all three.
 */

export interface ApiResponse<T = unknown> {
  status: number;
  /** Parsed JSON, or the text when the answer is not JSON. */
  body: T;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  /** Sent as is instead of the JSON body (malformed JSON, oversized payloads). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Send no Origin header (a program, or an old browser, rather than the app's page). */
  withoutOrigin?: boolean;
  /** `manual`: a redirect is answered as is (its status and Location), not followed. */
  redirect?: 'manual';
}

export interface ApiClient {
  get<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  delete<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** The jar, name → value. */
  readonly cookies: ReadonlyMap<string, string>;
  /** A second client starting with a copy of this jar (an old cookie kept after sign-out). */
  fork(): ApiClient;
}

/** Applies Set-Cookie headers: an empty value or Max-Age=0 removes the cookie. */
function storeCookies(jar: Map<string, string>, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    if (separator <= 0) {
      continue;
    }
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*0\s*$/i.test(attribute));
    if (value === '' || expired) {
      jar.delete(name);
    } else {
      jar.set(name, value);
    }
  }
}

export function createApiClient(baseUrl: string, initialCookies: ReadonlyMap<string, string> = new Map()): ApiClient {
  const jar = new Map(initialCookies);

  async function send<T>(
    method: string,
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (!options.withoutOrigin) {
      headers.origin = new URL(baseUrl).origin;
    }
    let payload: string | undefined;
    if (options.rawBody !== undefined) {
      payload = options.rawBody;
      headers['content-type'] = 'application/json';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    if (jar.size > 0) {
      headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: { ...headers, ...options.headers },
      ...(payload === undefined ? {} : { body: payload }),
      ...(options.redirect ? { redirect: options.redirect } : {}),
    });
    storeCookies(jar, response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json') && text !== '') {
      parsed = JSON.parse(text);
    }
    // The caller names the shape it expects; the assertions on it are what check it.
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  return {
    get: (path, options) => send('GET', path, undefined, options),
    post: (path, body, options) => send('POST', path, body, options),
    put: (path, body, options) => send('PUT', path, body, options),
    patch: (path, body, options) => send('PATCH', path, body, options),
    delete: (path, body, options) => send('DELETE', path, body, options),
    cookies: jar,
    fork: () => createApiClient(baseUrl, jar),
  };
}
