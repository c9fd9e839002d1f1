/**
 * Browser fixture for the e2e suites: Debian's Chromium driven by playwright-core, one browser per
 * test file, one fresh context (own cookies) per page, desktop and mobile viewports,
 * outbound network blocked (STYLE.md §6), and screenshots in test-results/screenshots/ at key steps
 * and whenever a test fails.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { SuiteServerUrls } from './global-setup.ts';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
/** Both widths: for the tests whose point is the layout (the drawer, tables turning into cards, a phone's dialogs). */
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];
/**
 * A test of behaviour runs once, at desktop width (e2e/README.md): what it proves does not depend on
 * the width, and each browser run costs seconds of every CI run.
 */
export const DESKTOP_ONLY: readonly ViewportName[] = ['desktop'];

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
/** How long a single locator action or wait may take before the step fails. */
const ACTION_TIMEOUT_MS = 15_000;

export const screenshotDir = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'screenshots');

/**
 * The suite's server of this worker: the browser files run in parallel workers, each against its own
 * server (global-setup.ts), so no test meets another file's accounts, data or stand-in faults.
 */
export function suiteServer(): SuiteServerUrls {
  const servers = inject('suiteServers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(worker - 1) % servers.length];
  if (!server) {
    throw new Error('No suite server was provided: the e2e global setup (e2e/support/global-setup.ts) did not run.');
  }
  return server;
}

export function baseUrl(): string {
  return suiteServer().baseUrl;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium was not found at ${executablePath}. The browser tests need it: install it with ` +
        '`sudo apt-get install chromium` (Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

function isLocal(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || ['data:', 'blob:'].includes(url.protocol);
}

/** File-name-safe version of a test or step name. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${slug(name)}.png`);
  // What the person sees: a full-page capture would stretch the viewport and misplace fixed elements.
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  viewport: ViewportName;
  /** Uncaught errors and console errors of the page, printed when the test fails. */
  problems: string[];
}

/**
 * Registers the hooks of a browser test file and returns `newPage`. Every page gets its own context,
 * so two pages in one test are two different visitors. Contexts are closed after each test, after a
 * screenshot of each one when the test failed.
 */
export interface NewPageOptions {
  /** The server the page talks to: the suite's server unless a test starts its own. */
  baseUrl?: string;
  /**
   * Let the app's service worker run. Off by default: a page whose requests the worker answers
   * cannot have them intercepted with `page.route` (Playwright's advice), and only the offline
   * tests need it.
   */
  serviceWorkers?: boolean;
  /** The browser's language, which the app's formats follow: en-GB unless a test is about another. */
  locale?: string;
}

/** The server each page's context talks to (its baseURL), which Playwright does not expose. */
const contextBaseUrls = new WeakMap<BrowserContext, string>();

/** The server `page` talks to: the suite's, or the one its test started (`newPage(…, { baseUrl })`). */
export function pageBaseUrl(page: Page): string {
  return contextBaseUrls.get(page.context()) ?? baseUrl();
}

export function useBrowser(): {
  newPage: (viewport: ViewportName, options?: NewPageOptions) => Promise<OpenedPage>;
} {
  let browser: Browser | undefined;
  let opened: OpenedPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    const pages = opened;
    opened = [];
    for (const [index, entry] of pages.entries()) {
      if (failed) {
        const file = path.basename(context.task.file.filepath, '.e2e.ts');
        const name = `failed ${file} ${entry.viewport} ${index + 1} ${context.task.name}`;
        const saved = await screenshot(entry.page, name).catch((error: unknown) => `(no screenshot: ${String(error)})`);
        console.warn(
          `[${entry.viewport}] failed at ${entry.page.url()}; screenshot ${saved}` +
            (entry.problems.length > 0 ? `\nbrowser errors:\n  ${entry.problems.join('\n  ')}` : ''),
        );
      }
      await entry.context.close().catch(() => undefined);
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async newPage(viewport, options = {}) {
      if (!browser) {
        throw new Error('useBrowser(): the browser is not running; call newPage inside a test.');
      }
      const contextBaseUrl = options.baseUrl ?? baseUrl();
      const context = await browser.newContext({
        baseURL: contextBaseUrl,
        viewport: VIEWPORTS[viewport],
        ...(viewport === 'mobile' ? { isMobile: true, hasTouch: true } : {}),
        locale: options.locale ?? 'en-GB',
        timezoneId: 'UTC',
        serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
      });
      contextBaseUrls.set(context, contextBaseUrl);
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
      const problems: string[] = [];
      // Outbound network is blocked in every test tier; record what the app tried to reach.
      await context.route(
        (url) => !isLocal(url),
        async (route) => {
          problems.push(`blocked outbound request: ${route.request().url()}`);
          await route.abort('blockedbyclient');
        },
      );
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') {
          problems.push(`console.error: ${message.text()}`);
        }
      });
      const entry: OpenedPage = { page, context, viewport, problems };
      opened.push(entry);
      return entry;
    },
  };
}

let emailCounter = 0;

/** An e-mail address no other test (or earlier run against the same data) has used. */
export function uniqueEmail(prefix = 'runner'): string {
  emailCounter += 1;
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}${emailCounter}`;
  return `${prefix}-${nonce}@example.com`;
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
}

export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  return { name: 'Ada Lovelace', email: uniqueEmail('ada'), password: 'correct-horse-42', ...overrides };
}

/** The path of the page, without origin (and with the query when `withQuery`). */
export function currentPath(page: Page, withQuery = false): string {
  const url = new URL(page.url());
  return withQuery ? `${url.pathname}${url.search}` : url.pathname;
}

/** Waits until the page is on `pathname` (exact path; the query string is ignored). */
export async function waitForPath(page: Page, pathname: string, timeout = ACTION_TIMEOUT_MS): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout });
  } catch {
    throw new Error(
      `Expected to be on ${pathname} within ${timeout} ms, but the page is on ${currentPath(page, true)}`,
    );
  }
}

/** Fills the register form of the UI contract (Name, E-mail, Password) and presses "Create account". */
export async function submitRegisterForm(page: Page, account: NewAccount): Promise<void> {
  if (currentPath(page) !== '/register') {
    await page.goto('/register');
  }
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Registers through the UI and waits for the app to land on /dashboard. */
export async function registerViaUi(page: Page, account: NewAccount): Promise<void> {
  await submitRegisterForm(page, account);
  await waitForPath(page, '/dashboard');
}

/** Turns the signed-in runner's public profile on through the API (a new account's is off). */
export async function makeProfilePublic(page: Page): Promise<void> {
  const response = await page.request.patch('/api/profile/privacy', {
    headers: { origin: new URL(page.url()).origin },
    data: { publicProfile: true },
  });
  if (response.status() !== 200) {
    throw new Error(`turning the public profile on failed: ${response.status()} ${await response.text()}`);
  }
}

/** Fills the sign-in form (E-mail, Password) on the current /login page and presses "Sign in". */
export async function submitLoginForm(page: Page, email: string, password: string): Promise<void> {
  if (currentPath(page) !== '/login') {
    await page.goto('/login');
  }
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The sidebar's nav landmark (UI contract: aria-label "Main navigation"). */
export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** On mobile the sidebar is a temporary drawer behind the top bar's menu button; open it. */
export async function openNavigation(page: Page, viewport: ViewportName): Promise<void> {
  if (viewport === 'mobile') {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await mainNav(page).getByRole('link').first().waitFor({ state: 'visible' });
  }
}

/** Follows a sidebar link the way a person would at this width, and waits for its path. */
export async function navigateWithSidebar(
  page: Page,
  viewport: ViewportName,
  linkName: string,
  pathname: string,
): Promise<void> {
  await openNavigation(page, viewport);
  await mainNav(page).getByRole('link', { name: linkName, exact: true }).click();
  await waitForPath(page, pathname);
}

export function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** Waits for a locator to be visible; the error names the locator and the page it was looked for on. */
export async function expectVisible(locator: Locator, timeout = ACTION_TIMEOUT_MS): Promise<void> {
  try {
    await locator.waitFor({ state: 'visible', timeout });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`Expected ${locator.toString()} to be visible on ${currentPath(locator.page(), true)}: ${reason}`);
  }
}

/** Waits for a locator to be hidden or gone. */
export async function expectHidden(locator: Locator, timeout = ACTION_TIMEOUT_MS): Promise<void> {
  try {
    await locator.waitFor({ state: 'hidden', timeout });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`Expected ${locator.toString()} to be hidden on ${currentPath(locator.page(), true)}: ${reason}`);
  }
}
