/**
 * The login guard of spec §2: every guarded path sends a visitor to /login?redirect=<path>, and
 * signing in goes back there. The guard does not depend on the width, so this runs at desktop width.
 */
import { describe, expect, test } from 'vitest';
import { GUARDED_LAYOUT_PATHS } from '../core/product.ts';
import {
  currentPath,
  expectVisible,
  mainNav,
  newAccount,
  submitLoginForm,
  useBrowser,
  waitForPath,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

describe('login guard', () => {
  const browser = useBrowser();

  test('every guarded path redirects a visitor to /login with the path to return to', async () => {
    const { page } = await browser.newPage('desktop');
    for (const path of GUARDED_LAYOUT_PATHS) {
      await page.goto(path);
      await waitForPath(page, '/login');
      expect(new URL(page.url()).searchParams.get('redirect'), `redirect after opening ${path}`).toBe(path);
      await expectVisible(page.getByRole('button', { name: 'Sign in', exact: true }));
    }
  });

  test('signing in returns to the guarded path, and then every guarded path opens', async () => {
    const account = newAccount({ name: 'Mary Keller' });
    const setup = await browser.newPage('desktop');
    await signUpViaApi(setup.page, account);

    const { page } = await browser.newPage('desktop');
    await page.goto('/debug/prime-weather');
    await waitForPath(page, '/login');
    await submitLoginForm(page, account.email, account.password);
    await waitForPath(page, '/debug/prime-weather');
    await expectVisible(mainNav(page));

    // Signed in, the guard lets every guarded path through.
    for (const path of GUARDED_LAYOUT_PATHS) {
      await page.goto(path);
      // The layout only renders once the guard has let the visitor through.
      await expectVisible(mainNav(page));
      expect(currentPath(page)).toBe(path);
    }
  });
});
