/**
 * Accounts and activities through the API, for the browser tests that are not about the sign-up
 * form or the upload dialog: the real sign-up endpoint over HTTP, its session cookie put into the
 * page's browser context, and files sent to the real upload endpoint, at the server the page talks
 * to. A test then starts on its first screen, already signed in with its runs. The tests about the
 * forms themselves keep using them (e2e/README.md).
 */
import type { Page } from 'playwright-core';
import type { UploadEvent } from '../../core/activity/schemas.ts';
import type { ApiClient } from '../../server/test-support/api-client.ts';
import { registerUser } from '../../server/test-support/factories.ts';
import { finalFileEvents, uploadFiles, type UploadFile } from '../../server/test-support/uploads.ts';
import { baseUrl, pageBaseUrl, type NewAccount } from './browser.ts';

/** The browser contexts' time zone (browser.ts): uploads through the API are read in it too, as the dialog's are. */
const BROWSER_TIME_ZONE = 'UTC';

export interface SignedIn {
  userId: string;
  /** The same session as the page's, for further API calls. */
  client: ApiClient;
  /** The last event of each file of `files`, in order (its `activityId`). */
  uploaded: Extract<UploadEvent, { kind: 'file' }>[];
}

export interface SignUpOptions {
  /** The page opened once signed in: the dashboard, where the sign-up form lands. */
  path?: string;
  /** Activity files uploaded before the page opens (each one must import). */
  files?: readonly UploadFile[];
}

/**
 * Signs `account` up through POST /api/auth/sign-up/email, uploads `files`, gives the page's context
 * the session cookie and opens the first screen.
 */
export async function signUpViaApi(page: Page, account: NewAccount, options: SignUpOptions = {}): Promise<SignedIn> {
  const url = pageBaseUrl(page);
  const user = await registerUser({ url }, account);
  const uploaded = options.files ? await uploadViaApi(user.client, options.files, url) : [];
  await page
    .context()
    .addCookies(
      [...user.client.cookies].map(([name, value]) => ({ name, value, url, httpOnly: true, sameSite: 'Lax' })),
    );
  await page.goto(new URL(options.path ?? '/dashboard', url).href);
  return { userId: user.id, client: user.client, uploaded };
}

/**
 * Uploads files through POST /api/activities/uploads as the signed-in runner and fails unless every
 * one was imported (a test about a refused file uses the dialog). Resolves with the files' last events.
 */
export async function uploadViaApi(
  client: ApiClient,
  files: readonly UploadFile[],
  url = baseUrl(),
): Promise<Extract<UploadEvent, { kind: 'file' }>[]> {
  const result = await uploadFiles({ url }, client, files, BROWSER_TIME_ZONE);
  const final = finalFileEvents(result.events);
  const notImported = final.filter((event) => event.state !== 'complete' || event.duplicate === true);
  if (result.status !== 200 || final.length !== files.length || notImported.length > 0) {
    throw new Error(
      `uploadViaApi: expected ${files.length} imported file(s), the server answered ${result.status}: ` +
        JSON.stringify(result.error ?? result.events),
    );
  }
  return final;
}
