/**
 * Phone sign-in in the browser (desktop), against the suite server's Twilio stand-in: a runner
 * whose confirmed number was added through the API picks "Sign in with phone" on /login (its form
 * loads only then), gets a code texted to the number, enters it and lands on the dashboard.
 */
import { describe, expect, test } from 'vitest';
import { PHONE_SIGN_IN_TEXTS } from '../core/phone-sign-in.ts';
import type { ApiClient } from '../server/test-support/api-client.ts';
import {
  DESKTOP_ONLY,
  VIEWPORTS,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  suiteServer,
  useBrowser,
  waitForPath,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

/** The texts the stand-in sent to `number`, newest first (Twilio's list of Messages). */
async function textsTo(number: string): Promise<string[]> {
  const { url, accountSid, authToken } = suiteServer().sms;
  const response = await fetch(
    `${url}/2010-04-01/Accounts/${accountSid}/Messages.json?To=${encodeURIComponent(number)}`,
    { headers: { authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}` } },
  );
  const body = (await response.json()) as { messages: { body: string }[] };
  return body.messages.map((message) => message.body);
}

/** The code of the `count`-th text to `number`, once it has arrived. */
async function textedCode(number: string, count: number): Promise<string> {
  await expect.poll(async () => (await textsTo(number)).length).toBe(count);
  return /^(\d{6}) /.exec((await textsTo(number))[0] ?? '')?.[1] ?? '';
}

/** Adds and confirms `number` for the signed-in `client`, as Account does. */
async function addPhone(client: ApiClient, number: string): Promise<void> {
  expect((await client.post('/api/account/phone-number/code', { phoneNumber: number })).status).toBe(202);
  const confirmed = await client.post('/api/auth/phone-number/verify', {
    phoneNumber: number,
    code: await textedCode(number, 1),
    updatePhoneNumber: true,
  });
  expect(confirmed.status).toBe(200);
}

describe.each(DESKTOP_ONLY)('phone sign-in (%s)', (viewport) => {
  const browser = useBrowser();

  test('signs in with a code texted to the number on the account', async () => {
    const number = `+4477009${String(Date.now()).slice(-5)}`;
    const account = newAccount({ name: 'Phone Runner' });
    const { page: setup } = await browser.newPage(viewport);
    const { client } = await signUpViaApi(setup, account);
    await addPhone(client, number);
    await setup.goto('/account#phone-sign-in');
    await expectVisible(setup.getByText(PHONE_SIGN_IN_TEXTS.accountAdded(number)));
    await setup.locator('#phone-sign-in').scrollIntoViewIfNeeded();
    await screenshot(setup, `phone-sign-in-${viewport}-account`);

    const { page } = await browser.newPage(viewport);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with phone' }).click();
    await page
      .getByRole('textbox', { name: PHONE_SIGN_IN_TEXTS.number })
      .fill(`${number.slice(0, 3)} ${number.slice(3)}`);
    await screenshot(page, `phone-sign-in-${viewport}-number`);
    await page.getByRole('button', { name: PHONE_SIGN_IN_TEXTS.sendCode }).click();

    await expectVisible(page.getByText(PHONE_SIGN_IN_TEXTS.codeSent(number)));
    await page.getByRole('textbox', { name: PHONE_SIGN_IN_TEXTS.code }).fill(await textedCode(number, 2));
    await screenshot(page, `phone-sign-in-${viewport}-code`);
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'phone-sign-in-mobile-code');
    await page.setViewportSize(VIEWPORTS[viewport]);
    await page.getByRole('button', { name: PHONE_SIGN_IN_TEXTS.signIn, exact: true }).click();

    await waitForPath(page, '/dashboard');
    await expectVisible(heading(page, 'Hi, Phone'));
  });
});
