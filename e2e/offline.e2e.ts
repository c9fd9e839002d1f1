/**
 * Offline (spec §7 offline persistence): a runner who has used Stride
 * online opens it without a connection. The service worker serves the app shell, the last fetched
 * activities, profile and medals come back from IndexedDB, the network status says so, and a change
 * is refused with a sentence instead of being kept back silently; back online, the status goes away
 * and the same change is saved.
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { NETWORK_STATUS_MESSAGES, OFFLINE_SIGNED_OUT_MESSAGE, OFFLINE_WRITE_REFUSED } from '../core/offline.ts';
import {
  DESKTOP_ONLY,
  expectHidden,
  expectVisible,
  heading,
  mainNav,
  navigateWithSidebar,
  newAccount,
  openNavigation,
  registerViaUi,
  screenshot,
  useBrowser,
  waitForPath,
} from './support/browser.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');

/**
 * The queries the app has kept in IndexedDB for offline use, by the first part of their key (run in
 * the page, which has IndexedDB).
 */
const KEPT_QUERIES = `new Promise((resolve, reject) => {
  const open = indexedDB.open('stride-offline', 1);
  open.onerror = () => reject(new Error('IndexedDB could not be opened'));
  open.onupgradeneeded = () => open.result.createObjectStore('queries');
  open.onsuccess = () => {
    const read = open.result.transaction('queries', 'readonly').objectStore('queries').get('snapshot');
    read.onsuccess = () => {
      open.result.close();
      const keys = (read.result ? read.result.state.queries : []).map((query) => query.queryKey[0]);
      resolve({ roots: [...new Set(keys)].sort(), savedAt: read.result ? read.result.savedAt : 0 });
    };
  };
})`;

interface Kept {
  /** The first part of each kept query's key, once each. */
  roots: string[];
  savedAt: number;
}

function kept(page: Page): Promise<Kept> {
  return page.evaluate<Kept>(KEPT_QUERIES);
}

async function keptQueries(page: Page): Promise<string[]> {
  return (await kept(page)).roots;
}

/**
 * What a browser without a connection tells its pages. Chromium (150) keeps `navigator.onLine` true
 * in a page loaded after Playwright's `setOffline(true)` (the emulation fails the requests, but the
 * new document reads "online"), so the test makes every page of its tab read the same as the
 * connection: the flag lives in the tab's sessionStorage, which reloads and navigations keep.
 */
const ONLINE_FOLLOWS_FLAG = `(() => {
  if (typeof sessionStorage === 'undefined') return;
  const own = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
  Object.defineProperty(Navigator.prototype, 'onLine', {
    configurable: true,
    get() { return sessionStorage.getItem('e2e-offline') === '1' ? false : own.get.call(this); },
  });
})()`;

/** Takes the tab off the network, or back, and tells its page as a browser does (an offline or online event). */
async function setOffline(page: Page, context: BrowserContext, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  await page.evaluate(
    `sessionStorage.setItem('e2e-offline', '${offline ? '1' : '0'}'); window.dispatchEvent(new Event('${offline ? 'offline' : 'online'}'))`,
  );
}

function offlineStatus(page: Page) {
  return page.getByRole('status').filter({ hasText: NETWORK_STATUS_MESSAGES.offline });
}

describe.each(DESKTOP_ONLY)('offline (%s)', (viewport) => {
  const browser = useBrowser();

  test('opened offline: the shell, the last activities, profile and medals, the status, a change refused', async () => {
    const { page, context } = await browser.newPage(viewport, { serviceWorkers: true });
    await context.addInitScript(ONLINE_FOLLOWS_FLAG);
    await page.goto('/register');
    await registerViaUi(page, newAccount({ name: 'Grete Waitz' }));
    await expectVisible(heading(page, 'Hi, Grete'));

    // A 5.4 km run: an activity and medals to keep.
    await page.getByRole('button', { name: 'Upload activities' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Activity files').setInputFiles(path.join(FIXTURES, 'running-with-developer-data.fit'));
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectVisible(dialog.getByText('1 imported.'));
    await dialog.getByRole('button', { name: 'Done' }).click();
    const list = (await (await page.request.get('/api/activities')).json()) as { items: { name: string }[] };
    const runName = list.items[0]?.name ?? '';
    expect(runName).not.toBe('');
    await expect.poll(() => keptQueries(page)).toEqual(['activities', 'medals', 'profile', 'session']);

    // The service worker has installed the shell and controls the page.
    await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
    await page.waitForFunction('navigator.serviceWorker.controller !== null');

    // Only in-app from here on, as a runner moves: no page load puts index.html in the cache, so the
    // reload below opens on the shell the worker installed.
    await navigateWithSidebar(page, viewport, 'Activities', '/activities');
    await expectVisible(page.getByText(runName, { exact: true }).first());
    await openNavigation(page, viewport);
    await mainNav(page)
      .getByRole('link', { name: /^Medals( \(\d+ new\))?$/ })
      .click();
    await waitForPath(page, '/medals');
    await expectVisible(page.getByRole('article', { name: /^Longest Run, earned/ }));
    await expectHidden(offlineStatus(page));
    await screenshot(page, `offline-${viewport}-online-medals`);
    // Leaving the page writes what is on screen now; the reload below leaves it too, but a write
    // begun while a page unloads may not finish, so the test lets this one finish first.
    const seen = await page.evaluate<number>('Date.now()');
    await page.evaluate("window.dispatchEvent(new Event('pagehide'))");
    await expect.poll(async () => (await kept(page)).savedAt >= seen).toBe(true);
    expect(await keptQueries(page)).toEqual(['activities', 'medals', 'profile', 'session']);

    await setOffline(page, context, true);
    await expectVisible(offlineStatus(page));
    await page.reload();

    // Served by the service worker, filled from IndexedDB.
    await expectVisible(page.getByRole('article', { name: /^Longest Run, earned/ }));
    await expectVisible(offlineStatus(page));
    await screenshot(page, `offline-${viewport}-offline-medals`);
    await page.goto('/activities');
    await expectVisible(page.getByText(runName, { exact: true }).first());
    await expectVisible(offlineStatus(page));
    await screenshot(page, `offline-${viewport}-offline-activities`);

    // A change is refused with the sentence; nothing is sent or kept for later.
    await page.goto('/account');
    await expectVisible(heading(page, 'Account Settings'));
    const firstName = page.getByLabel('First name', { exact: true });
    await expect.poll(() => firstName.inputValue()).toBe('Grete');
    await firstName.fill('Greta');
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname === '/api/profile') {
        writes.push(request.url());
      }
    });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectVisible(page.getByText(OFFLINE_WRITE_REFUSED));
    await page.getByText(OFFLINE_WRITE_REFUSED).scrollIntoViewIfNeeded();
    await screenshot(page, `offline-${viewport}-offline-save-refused`);

    // Back online: the status goes, the same change is saved.
    await setOffline(page, context, false);
    await expectHidden(offlineStatus(page));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: 'Profile saved' }));
    expect(writes).toHaveLength(1);
    await page.reload();
    await expect.poll(() => page.getByLabel('First name', { exact: true }).inputValue()).toBe('Greta');

    // Signed out, the device keeps nothing of the runner's; offline, a page says so instead of
    // promising the last synced data.
    await openNavigation(page, viewport);
    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await setOffline(page, context, true);
    await page.goto('/calculators');
    await expectVisible(page.getByRole('status').filter({ hasText: OFFLINE_SIGNED_OUT_MESSAGE }));
    await expectHidden(offlineStatus(page));
  });
});
