/**
 * Connecting Strava in the browser, against the Strava simulator the
 * global setup starts (STRAVA_BASE_URL), where every authorisation is a different athlete (one Strava
 * athlete is linked to one Stride account at a time): "Connect Strava" on the dashboard → Strava's authorise page →
 * "Authorize" → the callback screen → the dashboard with the sync's progress → the synced runs in
 * the activities list → one opened with its map, charts and "View on Strava". Then the second
 * callback route, and a forged state.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { ActivityDetail, ActivityPage } from '../core/activity/schemas.ts';
import { STRAVA_FIELD_TEXTS, type StravaFields } from '../core/strava/activity-fields.ts';
import type { StravaStatus } from '../core/strava/api.ts';
import { STRAVA_TEXTS } from '../core/strava/api.ts';
import {
  DESKTOP_ONLY,
  currentPath,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  useBrowser,
  waitForPath,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const SYNC_TIMEOUT_MS = 60_000;

/** The first listed activity whose detail (fetched from Strava on opening) passes `wanted`. */
async function firstDetail(page: Page, list: string, wanted: (detail: ActivityDetail) => boolean) {
  const page1 = (await (await page.request.get(list)).json()) as ActivityPage;
  for (const item of page1.items) {
    const detail = (await (await page.request.get(`/api/activities/${item.id}`)).json()) as ActivityDetail;
    if (wanted(detail)) {
      return detail;
    }
  }
  throw new Error(`none of ${page1.items.length} activities from ${list} has what the test needs`);
}

describe.each(DESKTOP_ONLY)('Strava (%s)', (viewport) => {
  const browser = useBrowser();

  test('Connect Strava, authorise, watch the sync, see the synced runs and open one', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Eliud Runner' }));
    await expectVisible(heading(page, 'Hi, Eliud'));

    const card = page.getByRole('region', { name: 'Strava', exact: true });
    await card.getByRole('button', { name: STRAVA_TEXTS.connect }).click();

    // Strava's (the simulator's) authorise page: scopes listed, then "Authorize".
    await page.waitForURL(/\/oauth\/authorize\?/);
    const authorizeUrl = new URL(page.url());
    expect(authorizeUrl.searchParams.get('scope')).toBe('read,activity:read_all,profile:read_all');
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(new URL(authorizeUrl.searchParams.get('redirect_uri') ?? '').pathname).toBe('/strava/callback');
    await screenshot(page, `strava-${viewport}-authorize`);
    await page.locator('#authorize').click();

    // The callback screen completes the exchange and lands on the dashboard with the sync running.
    await waitForPath(page, '/dashboard', SYNC_TIMEOUT_MS);
    const status = (await (await page.request.get('/api/strava/status')).json()) as StravaStatus;
    expect(status.connected).toBe(true);
    expect(status.athleteName).toBeTruthy();
    await expectVisible(card.getByText(status.athleteName ?? ''));
    await expectVisible(card.getByText(/new or changed activities imported\./), SYNC_TIMEOUT_MS);
    await screenshot(page, `strava-${viewport}-dashboard-synced`);

    const synced = (await (await page.request.get('/api/strava/status')).json()) as StravaStatus;
    expect(synced.sync?.state).toBe('done');
    expect(synced.sync?.pages).toBe(3);
    expect(synced.activityCount).toBeGreaterThan(100);

    await page.goto('/activities');
    await expectVisible(page.getByText(`of ${synced.activityCount.toLocaleString('en-US')}`));
    // Each row is a link to the activity, marked with Strava's chip.
    const stravaRows = page.getByRole('link').filter({ has: page.getByText('Strava', { exact: true }) });
    await expect.poll(() => stravaRows.count()).toBeGreaterThan(5);
    await screenshot(page, `strava-${viewport}-activities`);

    await stravaRows.first().click();
    await page.waitForURL(/\/activities\/[\w-]+$/);
    await expectVisible(page.getByRole('link', { name: STRAVA_TEXTS.viewOnStrava }));
    // The streams were fetched on opening: the track is drawn and profiled like an upload's.
    await expectVisible(page.locator('.leaflet-overlay-pane canvas'));
    await expect.poll(() => page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(1);
    await expectVisible(page.getByText(STRAVA_TEXTS.notShareable));
    await screenshot(page, `strava-${viewport}-detail`);

    // Strava's own fields on a commute ride: its kudos, the Commute flag, its segment efforts with
    // their PR rank, and each lap's power.
    const ride = await firstDetail(page, '/api/activities?source=strava&type=ride&limit=40', (detail) =>
      Boolean(detail.strava?.commute && detail.strava.segmentEfforts.length > 0),
    );
    const fields = ride.strava as StravaFields;
    await page.goto(`/activities/${ride.id}`);
    const section = page.getByTestId('strava-fields');
    const kudos = section.getByRole('group', { name: STRAVA_FIELD_TEXTS.kudos, exact: true });
    await expectVisible(kudos);
    await expect
      .poll(async () => (await kudos.innerText()).split(/\s+/))
      .toEqual([STRAVA_FIELD_TEXTS.kudos, String(fields.kudosCount)]);
    await expectVisible(section.getByLabel('Strava flags').getByText(STRAVA_FIELD_TEXTS.commute, { exact: true }));
    const segments = section.getByRole('table', { name: STRAVA_FIELD_TEXTS.segments });
    await expect.poll(() => segments.getByRole('row').count()).toBe(fields.segmentEfforts.length + 1);
    const first = fields.segmentEfforts[0];
    await expectVisible(
      segments
        .getByRole('row')
        .nth(1)
        .getByText(first?.name ?? '', { exact: false }),
    );
    await expectVisible(
      segments
        .getByRole('row')
        .nth(1)
        .getByText(STRAVA_FIELD_TEXTS.rank(first?.prRank ?? null)),
    );
    const laps = page.getByRole('table', { name: 'Laps' });
    await expectVisible(laps.getByRole('columnheader', { name: 'Avg power' }));
    await expect.poll(() => laps.getByRole('cell', { name: '180 W' }).count()).toBe(ride.laps.length);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `strava-${viewport}-detail-strava-fields`);
  });
});

describe('Strava callback routes', () => {
  const browser = useBrowser();

  test('/strava-callback completes a connection too, and a forged state is refused', async () => {
    const { page } = await browser.newPage('desktop');
    await signUpViaApi(page, newAccount({ name: 'Paula Runner' }));
    await expectVisible(heading(page, 'Hi, Paula'));

    await page.goto('/strava/callback?state=forged-state&code=whatever&scope=read,activity:read_all');
    await expectVisible(page.getByText(STRAVA_TEXTS.invalidState));
    await expectVisible(page.getByRole('button', { name: 'Try again' }));
    await screenshot(page, 'strava-desktop-forged-state');

    // The same authorisation, answered on the other callback route.
    // A state-changing request must name its origin, as the browser's own fetches do.
    const connect = await page.request.post('/api/strava/connect', {
      data: {},
      headers: { Origin: new URL(page.url()).origin },
    });
    const { authorizeUrl } = (await connect.json()) as { authorizeUrl: string };
    const html = await (await page.request.get(authorizeUrl)).text();
    const href = /id="authorize"[^>]*href="([^"]+)"/.exec(html)?.[1] ?? '';
    const callback = new URL(href.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code))));
    await page.goto(`/strava-callback${callback.search}`);
    await waitForPath(page, '/dashboard', SYNC_TIMEOUT_MS);
    expect(currentPath(page)).toBe('/dashboard');
    const status = (await (await page.request.get('/api/strava/status')).json()) as StravaStatus;
    expect(status.connected).toBe(true);

    // The state was used up: the same answer again is refused.
    await page.goto(`/strava-callback${callback.search}`);
    await expectVisible(page.getByText(STRAVA_TEXTS.invalidState));
  });
});
