/**
 * Lazily loaded pages show a visible retry when their code fails to load (spec §8 "A chunk
 * load failure raises a load error"), inside the sidebar layout, and recover once the network does.
 */
import { describe, expect, test } from 'vitest';
import { expectVisible, heading, mainNav, newAccount, screenshot, useBrowser } from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const ACCOUNT_CHUNK = /\/assets\/AccountPage-[^/]+\.js$/;

describe('a page whose code cannot be loaded', () => {
  const browser = useBrowser();

  test('shows the error with "Try again" inside the layout, and loads after a retry', async () => {
    const { page } = await browser.newPage('desktop');
    await signUpViaApi(page, newAccount({ name: 'Retry Runner' }));
    await expectVisible(heading(page, 'Hi, Retry'));

    await page.route(ACCOUNT_CHUNK, (route) => route.abort('internetdisconnected'));
    await mainNav(page).getByRole('link', { name: 'Account', exact: true }).click();
    await expectVisible(heading(page, 'This page could not be loaded'));
    await expectVisible(page.getByText('The page could not be loaded. Check your connection, then try again.'));
    // The sidebar stays, so the rest of the app is still reachable.
    await expectVisible(mainNav(page));
    await screenshot(page, 'chunk-retry-error');

    await page.unroute(ACCOUNT_CHUNK);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectVisible(heading(page, 'Account Settings'));
    expect(new URL(page.url()).pathname).toBe('/account');
  });
});
