/**
 * Weather, from the Open-Meteo stand-in the server is pointed at: a new
 * runner's dashboard says how to get a location; with "Berlin" saved in Account Settings it shows
 * the current conditions, the best hour to run and the next 12 hours; /debug/prime-weather fills
 * the cache and shows what it fetched, when and from where; a run's page shows the weather at its start.
 * A failed weather request leaves the card reading "Weather unavailable" and the rest of the page as it is.
 */
import { describe, expect, test } from 'vitest';
import { NO_WEATHER_LOCATION_TEXT, WEATHER_UNAVAILABLE_TEXT } from '../core/weather/weather-api.ts';
import {
  DESKTOP_ONLY,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  suiteServer,
  useBrowser,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const POLL = { timeout: 15_000 };

describe.each(DESKTOP_ONLY)('weather (%s)', (viewport) => {
  const browser = useBrowser();

  test('the dashboard shows the weather where the runner runs; prime-weather shows the cached forecast', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount());
    const card = page.getByTestId('weather-card');
    await expectVisible(card.getByText(NO_WEATHER_LOCATION_TEXT));
    await expectVisible(card.getByRole('button', { name: 'Upload a run' }));
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `dashboard-weather-no-location-${viewport}`);

    await card.getByRole('link', { name: 'Set your location' }).click();
    await expectVisible(heading(page, 'Account Settings'));
    const location = page.getByLabel('Location', { exact: true });
    await location.fill('Berlin');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: 'Profile saved' }));

    await page.goto('/dashboard');
    await expectVisible(card.getByText('Berlin', { exact: true }));
    await expectVisible(card.getByTestId('weather-current'));
    await expect.poll(() => card.getByTestId('weather-current').textContent(), POLL).toMatch(/-?\d+ °F/);
    await expectVisible(card.getByText(/^Best time to run: \d\d:00 — /));
    const reasons = card.getByRole('list', { name: 'Why this hour' }).getByRole('listitem');
    expect(await reasons.allTextContents()).toEqual([
      expect.stringMatching(/^-?\d+ °F, (comfortable|colder than 46–59 °F|warmer than 46–59 °F)$/),
      expect.stringMatching(/chance of rain/),
      expect.stringMatching(/wind/i),
    ]);
    expect(await card.getByRole('list', { name: 'Next 12 hours' }).getByRole('listitem').count()).toBe(12);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `dashboard-weather-${viewport}`);

    await page.goto('/debug/prime-weather');
    await expectVisible(heading(page, 'Prime weather'));
    const table = page.getByRole('table', { name: 'Primed forecast' });
    await expectVisible(table);
    await expectVisible(table.getByRole('row', { name: /^Cache key 52\.52,13\.41@\d{4}-\d\d-\d\dT\d\d$/ }));
    await expectVisible(table.getByRole('row', { name: `From ${suiteServer().weatherUrl}` }));
    await expectVisible(table.getByRole('row', { name: /^Location Berlin \(your profile\)$/ }));
    await screenshot(page, `prime-weather-${viewport}`);

    // A run's page shows the archived weather at its start.
    const added = await page.request.post('/api/activities/samples', {
      headers: { origin: new URL(page.url()).origin },
    });
    expect(added.status()).toBeLessThan(300);
    await page.goto('/activities');
    await page
      .getByRole('link', { name: /Tempo run/ })
      .first()
      .click();
    const section = page.getByTestId('activity-weather');
    await expectVisible(section);
    await expect.poll(() => section.textContent(), POLL).toMatch(/-?\d+ °F.*Wind \d+ mph · Rain \d\.\d\d in$/);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `activity-weather-${viewport}`);
  });

  test('a failed weather request reads "Weather unavailable" and the dashboard goes on', async () => {
    const { page } = await browser.newPage(viewport);
    await page.route('**/api/weather', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { type: 'api_error', message: 'Service unavailable' } }),
      }),
    );
    await signUpViaApi(page, newAccount());
    const card = page.getByTestId('weather-card');
    await expectVisible(card.getByText(WEATHER_UNAVAILABLE_TEXT, { exact: true }));
    await expectVisible(page.getByRole('heading', { name: /^Hi, / }));
    await expectVisible(page.getByRole('heading', { name: 'Recent activities' }));
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `dashboard-weather-unavailable-${viewport}`);
  });
});
