/**
 * The public profile page /{username} (spec §2): rendered outside the sidebar layout, for visitors
 * and for the owner alike; an unknown username says so. Account → Public profile turns it on and
 * off (a new account's starts off, and the card says so; off, it reads as an unknown name), and its privacy zones; the page is titled with the
 * runner's name and its recent uploads are drawn clipped.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { PROFILE_PRIVACY_HINTS } from '../core/profile-privacy.ts';
import {
  baseUrl,
  VIEWPORTS,
  VIEWPORT_NAMES,
  expectVisible,
  heading,
  mainNav,
  makeProfilePublic,
  newAccount,
  registerViaUi,
  screenshot,
  useBrowser,
} from './support/browser.ts';

describe.each(VIEWPORT_NAMES)('public profile page (%s)', (viewport) => {
  const browser = useBrowser();

  test("a runner's page shows their name without the sidebar", async () => {
    const owner = await browser.newPage(viewport);
    await registerViaUi(owner.page, newAccount({ name: 'Ada Lovelace' }));
    await owner.page.goto('/account');
    await expectVisible(heading(owner.page, 'Account Settings'));
    const usernameField = owner.page.getByLabel('Username', { exact: true });
    await expect.poll(() => usernameField.inputValue()).not.toBe('');
    const username = (await usernameField.inputValue()).trim();
    await makeProfilePublic(owner.page);

    const { page } = await browser.newPage(viewport);
    await page.goto(`/${username}`);
    await expectVisible(heading(page, 'Ada Lovelace'));
    expect(await mainNav(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open navigation' }).count()).toBe(0);
    await screenshot(page, `public-profile-${viewport}`);

    // The owner, signed in, sees the same page outside the layout.
    await owner.page.goto(`/${username}`);
    await expectVisible(heading(owner.page, 'Ada Lovelace'));
    expect(await mainNav(owner.page).count()).toBe(0);
  });

  test('an unknown username says no runner is called that', async () => {
    const { page } = await browser.newPage(viewport);
    const username = `nobody-${Math.random().toString(36).slice(2, 10)}`;
    await page.goto(`/${username}`);
    await expectVisible(page.getByText(`No runner is called @${username}.`));
    expect(await mainNav(page).count()).toBe(0);
  });

  test('Account turns the profile off and on, marks a privacy zone; the visitor sees the clipped runs and the title', async () => {
    const owner = await browser.newPage(viewport);
    await owner.page.setViewportSize(viewport === 'desktop' ? { width: 1280, height: 900 } : VIEWPORTS.mobile);
    await registerViaUi(owner.page, newAccount({ name: 'Grete Waitz' }));
    await owner.page.goto('/account');
    await expectVisible(heading(owner.page, 'Account Settings'));
    const usernameField = owner.page.getByLabel('Username', { exact: true });
    await expect.poll(() => usernameField.inputValue()).not.toBe('');
    const username = (await usernameField.inputValue()).trim();
    const address = `${new URL(baseUrl()).origin}/${username}`;

    // An uploaded run (through the API the upload dialog uses) for the profile to show.
    const uploaded = await owner.page.request.post('/api/activities/uploads', {
      headers: { origin: new URL(baseUrl()).origin },
      multipart: {
        timeZone: 'UTC',
        files: {
          name: 'cerknicko-jezero.gpx',
          mimeType: 'application/gpx+xml',
          buffer: readFileSync(path.resolve(import.meta.dirname, '../test/fixtures/real/cerknicko-jezero.gpx')),
        },
      },
    });
    expect(uploaded.status()).toBe(200);
    expect(await uploaded.text()).toContain('"activityId"');

    const card = owner.page.getByRole('region', { name: 'Public profile' });
    await card.scrollIntoViewIfNeeded();
    // A new account's profile is private until the runner turns it on, and the card says so.
    const publicSwitch = card.getByRole('switch', { name: 'Public profile', exact: true });
    await expect.poll(() => publicSwitch.isChecked()).toBe(false);
    await expectVisible(card.getByText(PROFILE_PRIVACY_HINTS.privateNotice(address)));
    await expectVisible(card.getByText(PROFILE_PRIVACY_HINTS.publicProfileOff(address)));
    await screenshot(owner.page, `public-profile-private-${viewport}`);
    await publicSwitch.click();
    await expect.poll(() => publicSwitch.isChecked()).toBe(true);
    await expectVisible(card.getByText(PROFILE_PRIVACY_HINTS.publicProfileOn(address)));
    expect(await card.getByText(PROFILE_PRIVACY_HINTS.privateNotice(address)).count()).toBe(0);

    // A privacy zone, typed: a radius out of range is refused with its sentence, then one is added.
    await card.getByLabel('Place', { exact: true }).fill('Home');
    await card.getByLabel('Radius', { exact: true }).fill('150');
    await card.getByLabel('Latitude', { exact: true }).fill('45.75');
    await card.getByLabel('Longitude', { exact: true }).fill('14.36');
    await card.getByRole('button', { name: 'Add privacy zone' }).click();
    await expectVisible(card.getByText("A privacy zone's radius must be between 200 and 1,000 m."));
    await card.getByLabel('Radius', { exact: true }).fill('300');
    await card.getByRole('button', { name: 'Add privacy zone' }).click();
    const zones = card.getByRole('list', { name: 'Privacy zones' });
    await expectVisible(zones.getByText('Home'));
    await expectVisible(zones.getByText('300 m around 45.75000, 14.36000'));
    await screenshot(owner.page, `public-profile-settings-${viewport}`);

    // The visitor: the runner's name as the title, in the HTML the server sends and on the page.
    const { page } = await browser.newPage(viewport);
    await page.setViewportSize(viewport === 'desktop' ? { width: 1280, height: 900 } : VIEWPORTS.mobile);
    const response = await page.goto(`/${username}`);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<title>Grete Waitz</title>');
    expect(html).toContain('<meta property="og:title" content="Grete Waitz" />');
    expect(html).toContain('<meta property="og:type" content="profile" />');
    await expectVisible(heading(page, 'Grete Waitz'));
    await expect.poll(() => page.title()).toBe('Grete Waitz');
    await expectVisible(page.getByRole('heading', { name: 'Recent uploaded activities', level: 2 }));
    await expectVisible(page.getByRole('img', { name: /^Map of .+, start, end and private places hidden$/ }));
    await expectVisible(page.getByRole('heading', { name: 'Afternoon Run', level: 3 }));
    await screenshot(page, `public-profile-visitor-${viewport}`);

    // Off: the page reads as an unknown name's, with the generic title.
    await publicSwitch.click();
    await expectVisible(card.getByText(PROFILE_PRIVACY_HINTS.publicProfileOff(address)));
    await expectVisible(card.getByText(PROFILE_PRIVACY_HINTS.privateNotice(address)));
    await expect.poll(() => publicSwitch.isChecked()).toBe(false);
    await page.reload();
    await expectVisible(page.getByText(`No runner is called @${username}.`));
    await expect.poll(() => page.title()).toBe('Stride Running Hub');
    expect(await heading(page, 'Grete Waitz').count()).toBe(0);
    await screenshot(owner.page, `public-profile-off-${viewport}`);
  });
});
