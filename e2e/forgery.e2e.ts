/**
 * Same-site request forgery, in real Chromium: a page on another port of localhost (the same
 * "site" for cookies, so the runner's SameSite=Lax session cookie rides along) auto-submits a form
 * and a credentialed fetch to Stride's upload and sample-runs endpoints while the runner is signed
 * in. The server must refuse both (server/http/same-origin.ts) and create nothing; the runner's
 * own page still adds sample runs.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseUrl, expectVisible, heading, newAccount, screenshot, useBrowser } from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const GPX =
  '<?xml version="1.0"?><gpx version="1.1" creator="attacker" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>' +
  '<trkpt lat="46.0" lon="14.0"><ele>300</ele><time>2026-01-01T10:00:00Z</time></trkpt>' +
  '<trkpt lat="46.001" lon="14.001"><ele>301</ele><time>2026-01-01T10:01:00Z</time></trkpt>' +
  '</trkseg></trk></gpx>';

/** The attacker's page: a hidden form post and a credentialed fetch, fired on load. */
function attackerPage(target: string): string {
  return `<!doctype html><html><head><title>Win a marathon entry</title></head><body>
<h1>Congratulations!</h1>
<iframe name="sink" style="display:none"></iframe>
<form id="samples" method="POST" action="${target}/api/activities/samples" target="sink"></form>
<script>
  document.getElementById('samples').submit();
  const form = new FormData();
  form.append('timeZone', 'UTC');
  form.append('files', new Blob([${JSON.stringify(GPX)}], { type: 'application/gpx+xml' }), 'forged.gpx');
  Promise.allSettled([
    fetch('${target}/api/activities/uploads', { method: 'POST', body: form, credentials: 'include', mode: 'no-cors' }),
    fetch('${target}/api/activities/samples', { method: 'POST', credentials: 'include', mode: 'no-cors' }),
  ]).then(() => { document.title = 'sent'; });
</script>
</body></html>`;
}

let attacker: Server;
let attackerUrl: string;

beforeAll(async () => {
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackerPage(baseUrl()));
  });
  await new Promise<void>((resolve) => attacker.listen(0, 'localhost', resolve));
  attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => attacker.close(() => resolve()));
});

describe('same-site request forgery', () => {
  const browser = useBrowser();

  test('a page on another port cannot upload or add runs for the signed-in runner', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signUpViaApi(page, newAccount({ name: 'Grace Hopper' }));
    await expectVisible(heading(page, 'Hi, Grace'));

    // Every request the attacker's page sends to Stride. The fetches' answers are hidden from
    // Playwright too (Stride's Cross-Origin-Resource-Policy blocks them in the browser after the
    // server has acted, which is why the server itself must refuse); the form's answer is a page.
    const attackPage = await context.newPage();
    const sent: string[] = [];
    attackPage.on('request', (request) => {
      if (request.url().startsWith(baseUrl())) {
        sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
      }
    });
    const formAnswer = attackPage.waitForResponse(
      (response) => response.request().resourceType() === 'document' && response.url().startsWith(baseUrl()),
    );
    await attackPage.goto(attackerUrl);
    await expect.poll(() => attackPage.title(), { timeout: 15_000 }).toBe('sent');
    const answer = await formAnswer;

    expect(sent.sort()).toEqual([
      'POST /api/activities/samples',
      'POST /api/activities/samples',
      'POST /api/activities/uploads',
    ]);
    // The browser attached the session cookie (same site), and the server refused.
    expect((await answer.request().allHeaders()).cookie).toContain('stride.session_token=');
    expect(answer.status()).toBe(403);
    await attackPage.close();

    const listed = await page.request.get('/api/activities');
    expect(listed.status()).toBe(200);
    expect(((await listed.json()) as { total: number }).total).toBe(0);

    // The runner's own page still works.
    await page.goto('/activities');
    await page.getByRole('button', { name: 'Add sample runs' }).click();
    await expect
      .poll(async () => ((await (await page.request.get('/api/activities')).json()) as { total: number }).total)
      .toBe(3);
    await screenshot(page, 'forgery refused, own samples added');
  });
});
