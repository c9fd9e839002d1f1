/**
 * The JavaScript a browser downloads to show the sign-in page, counted as it crosses the wire
 * (compressed when the server compressed it). Shared by the bench (tools/bench/login-bytes.bench.ts)
 * and the browser test that holds the budget (e2e/login-bytes.e2e.ts).
 */
import type { Page } from 'playwright-core';

/** The sign-in page's JavaScript over the wire may not exceed 250 KB. */
export const LOGIN_SCRIPT_BUDGET_BYTES = 250 * 1024;

export interface LoadedScript {
  /** The script's path on the server. */
  path: string;
  /** The response's Content-Encoding, `identity` when it was sent as is. */
  encoding: string;
  /** Body bytes as transferred. */
  transferred: number;
  /** Body bytes once decoded. */
  decoded: number;
}

/**
 * Opens `url` (the sign-in page) in `page` and returns every script the page loaded before its
 * "Sign in" button showed and the network went quiet. Each script's sizes are read once its
 * request finished; all of them are awaited before the list is returned.
 */
export async function loadLoginScripts(page: Page, url: string): Promise<LoadedScript[]> {
  const pending: Promise<LoadedScript>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') {
      return;
    }
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return {
          path: new URL(request.url()).pathname,
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
          transferred: sizes.responseBodySize,
          decoded: (await response?.body())?.length ?? 0,
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  return Promise.all(pending);
}

export function transferredBytes(scripts: readonly LoadedScript[]): number {
  return scripts.reduce((sum, script) => sum + script.transferred, 0);
}
