/**
 * The web project's tests run in Node. The API client (web/src/api/client.ts) reads the page's
 * origin when it loads; give it one, and nothing else of a browser.
 */
const page = globalThis as { window?: { location: { origin: string } } };
page.window ??= { location: { origin: 'http://localhost' } };
