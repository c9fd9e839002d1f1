/**
 * The sign-in page's JavaScript budget: what /login downloads, counted in bytes as transferred from
 * the built app (deterministic for one build), stays within 250 KB, arrives compressed, and leaves
 * the signed-in app (sidebar layout, live events, medal celebrations, the offline persister) and zod
 * for after signing in.
 */
import { describe, expect, test } from 'vitest';
import { LOGIN_SCRIPT_BUDGET_BYTES, loadLoginScripts, transferredBytes } from '../tools/bench/login-scripts.ts';
import { baseUrl, useBrowser } from './support/browser.ts';

/** Below this size the build keeps no compressed copy (web/precompress-plugin.ts). */
const UNCOMPRESSED_UP_TO_BYTES = 1024;

describe('sign-in page JavaScript', () => {
  const browser = useBrowser();

  test('/login downloads at most 250 KB of JavaScript, compressed, without the signed-in app', async () => {
    const { page } = await browser.newPage('desktop');
    const scripts = await loadLoginScripts(page, `${baseUrl()}/login`);

    const paths = scripts.map((script) => script.path);
    expect(paths.some((path) => /\/assets\/LoginPage-[\w-]+\.js$/.test(path))).toBe(true);
    expect(paths.filter((path) => /\/SidebarLayout-[\w-]+\.js$/.test(path))).toEqual([]);
    // zod (web/zod-jitless.ts) loads with the first schema a page builds; the sign-in page builds none.
    expect(paths.filter((path) => /\/zod-jitless-[\w-]+\.js$/.test(path))).toEqual([]);
    // The offline persister loads once a runner is signed in (web/src/app/offline.ts).
    expect(paths.filter((path) => /\/query-persistence-[\w-]+\.js$/.test(path))).toEqual([]);
    expect(scripts.filter((script) => script.decoded > UNCOMPRESSED_UP_TO_BYTES && script.encoding !== 'br')).toEqual(
      [],
    );
    expect(transferredBytes(scripts)).toBeLessThanOrEqual(LOGIN_SCRIPT_BUDGET_BYTES);
  });
});
