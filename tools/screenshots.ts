/**
 * Captures the main screens of a running Stride at desktop (1280×800) and mobile (390×844) width
 * in Debian's Chromium, for the README and for reviewing changes by eye.
 *   npx tsx tools/screenshots.ts [baseUrl] [outDir]
 * In the dark theme, the default; SCREENSHOT_THEME=light takes them in the light theme, each file
 * named with "-light".
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const outDir = path.resolve(process.argv[3] ?? 'docs/screenshots');
mkdirSync(outDir, { recursive: true });
const theme = process.env.SCREENSHOT_THEME === 'light' ? 'light' : 'dark';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(outDir, `${name}${theme === 'light' ? '-light' : ''}.png`) });
}

for (const [width, height, suffix] of [
  [1280, 800, 'desktop'],
  [390, 844, 'mobile'],
] as const) {
  const context = await browser.newContext({
    viewport: { width, height },
    colorScheme: theme,
    isMobile: suffix === 'mobile',
    hasTouch: suffix === 'mobile',
  });
  // The theme this device last showed (web/src/app/theme-choice.ts), for the pages before sign-in.
  await context.addInitScript(`localStorage.setItem('stride-theme', '${theme}')`);
  const page = await context.newPage();
  const email = `ada.${Date.now()}@example.com`;
  await page.goto(`${baseUrl}/register`);
  await shoot(page, `register-${suffix}`);
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Hi, Ada' }).waitFor();
  // The three sample runs, so the screens show data (same session as the page), and the theme.
  await page.request.post(`${baseUrl}/api/activities/samples`, { headers: { origin: baseUrl } });
  await page.request.patch(`${baseUrl}/api/profile`, {
    headers: { origin: baseUrl },
    data: { preferences: { theme } },
  });
  await page.reload();
  await page.getByRole('heading', { name: 'Hi, Ada' }).waitFor();
  await shoot(page, `dashboard-${suffix}`);
  // The weather cache for the latest sample run's start, and where it came from (WEATHER_URL).
  await page.goto(`${baseUrl}/debug/prime-weather`);
  await page.getByRole('heading', { name: 'Prime weather' }).waitFor();
  await shoot(page, `prime-weather-${suffix}`);
  await page.goto(`${baseUrl}/activities`);
  await page.getByRole('heading', { name: 'Activities', level: 1 }).waitFor();
  await shoot(page, `activities-${suffix}`);
  await page
    .getByRole('link', { name: /Tempo run/ })
    .first()
    .click();
  await page.waitForURL(/\/activities\/[\w-]+$/);
  await page.locator('.recharts-surface').first().waitFor();
  await shoot(page, `activity-${suffix}`);
  await page.goto(`${baseUrl}/account`);
  await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
  await shoot(page, `account-${suffix}`);
  if (suffix === 'mobile') {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.waitForTimeout(400);
    await shoot(page, `navigation-${suffix}`);
    await page.keyboard.press('Escape');
  }
  const username = await page.getByLabel('Username').inputValue();
  await page.request.patch(`${baseUrl}/api/profile/privacy`, {
    headers: { origin: baseUrl },
    data: { publicProfile: true },
  });
  await page.goto(`${baseUrl}/${username}`);
  await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
  await shoot(page, `public-profile-${suffix}`);
  await page.goto(`${baseUrl}/medals`);
  await page.getByRole('heading', { name: 'Medals', level: 1 }).waitFor();
  await shoot(page, `medals-${suffix}`);
  await page.goto(`${baseUrl}/my-stride`);
  await page.getByRole('heading', { name: 'My Stride', level: 1 }).waitFor();
  await shoot(page, `my-stride-${suffix}`);
  await page.goto(`${baseUrl}/charts`);
  await page.getByRole('heading', { name: 'Distance per week' }).waitFor();
  await page.locator('.recharts-surface').first().waitFor();
  await shoot(page, `charts-${suffix}`);
  // With a Strava app configured (the simulator, see docs/strava.md): connect, sync, and show the result.
  await page.goto(`${baseUrl}/dashboard`);
  const connect = page.getByRole('button', { name: 'Connect Strava' }).first();
  await connect.waitFor();
  // One Strava athlete can be connected to one Stride account: the desktop run connects it.
  if (suffix === 'desktop' && (await connect.isEnabled())) {
    await connect.click();
    await page.waitForURL(/\/oauth\/authorize/);
    await page.locator('#authorize').click();
    await page.waitForURL('**/dashboard');
    await page.getByText(/new or changed activit(y|ies) imported/).waitFor({ timeout: 120_000 });
    await shoot(page, `strava-dashboard-${suffix}`);
    await page.goto(`${baseUrl}/activities`);
    await page.getByRole('heading', { name: 'Activities', level: 1 }).waitFor();
    await shoot(page, `strava-activities-${suffix}`);
  }
  await page.goto(`${baseUrl}/calculators?d=10K&t=45%3A00`);
  await page.getByRole('heading', { name: 'Distance & Time Calculators', level: 1 }).waitFor();
  await shoot(page, `calculators-${suffix}`);
  // A loop on the planner: snapped and with a profile when ROUTING_URL and ELEVATION_URL are set
  // (tools/service-stand-ins/serve.ts), straight and without a climb otherwise.
  await page.goto(`${baseUrl}/run-planner`);
  const map = page.getByTestId('planner-map');
  await map.waitFor();
  const box = await map.boundingBox();
  for (const [fx, fy] of [
    [0.3, 0.3],
    [0.7, 0.35],
    [0.5, 0.75],
  ] as const) {
    if (box) {
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
      await page.waitForTimeout(200);
    }
  }
  await page.getByRole('button', { name: 'Close loop' }).click();
  await page.waitForTimeout(1500);
  await shoot(page, `planner-${suffix}`);
  await page.goto(`${baseUrl}/training-goals`);
  await page.getByRole('button', { name: 'Save check-in' }).click();
  await page.getByTestId('today-score').waitFor();
  await page.locator('.recharts-surface').first().waitFor();
  await shoot(page, `wellbeing-${suffix}`);
  await page.getByRole('button', { name: 'Start breathing' }).click();
  await page.getByRole('dialog', { name: 'Breathing' }).getByRole('button', { name: 'Start' }).click();
  await page.waitForTimeout(2_000);
  await shoot(page, `breathing-${suffix}`);
  await page.goto(`${baseUrl}/success`);
  await shoot(page, `upcoming-${suffix}`);
  await page.goto(`${baseUrl}/privacy-policy`);
  await shoot(page, `privacy-${suffix}`);
  await context.clearCookies();
  await page.goto(`${baseUrl}/login?redirect=%2Faccount`);
  await shoot(page, `login-${suffix}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('alert').waitFor();
  await shoot(page, `login-error-${suffix}`);
  await context.close();
}
await browser.close();
console.log(`Screenshots in ${outDir}`);
