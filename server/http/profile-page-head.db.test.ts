/**
 * The HTML served at /{username}: while the profile is on, its title is the runner's name and it
 * carries Open Graph tags (link previewers run no JavaScript); a hidden profile gets exactly the
 * page an unknown name gets, the app's own.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProfilePublic, registerUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Stride, your self-hosted Personalized Running Hub." />
    <title>Stride Running Hub</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let webDir: string;
let server: TestServer;

beforeAll(async () => {
  webDir = path.join(tmpdir(), `stride-web-${randomBytes(6).toString('hex')}`);
  await mkdir(webDir, { recursive: true });
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  server = await startTestServer({ webDir, publicUrl: 'https://run.example.org' });
});

afterAll(async () => {
  await server.stop();
  await rm(webDir, { recursive: true, force: true });
});

async function page(pathname: string): Promise<{ status: number; type: string | null; html: string }> {
  const response = await fetch(`${server.url}${pathname}`);
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
}

describe('GET /{username} (the HTML)', () => {
  it("is titled with the runner's name and carries Open Graph tags", async () => {
    const runner = await registerUser(server, { name: 'Ada <Lovelace>' });
    await makeProfilePublic(runner.client);
    const username = `ada-${randomBytes(3).toString('hex')}`;
    await runner.client.patch('/api/profile', { username, bio: 'Runs "fast" & far.' });

    const { status, html } = await page(`/${username}`);

    expect(status).toBe(200);
    expect(html).toContain('<title>Ada &lt;Lovelace&gt;</title>');
    expect(html).toContain('<meta property="og:title" content="Ada &lt;Lovelace&gt;" />');
    expect(html).toContain(
      `<meta property="og:description" content="@${username} on Stride: 0 uploaded activities, 0 medals. Runs &quot;fast&quot; &amp; far." />`,
    );
    expect(html).toContain(
      `<meta name="description" content="@${username} on Stride: 0 uploaded activities, 0 medals. Runs &quot;fast&quot; &amp; far." />`,
    );
    expect(html).toContain(`<meta property="og:url" content="https://run.example.org/${username}" />`);
    expect(html).toContain('<meta property="og:type" content="profile" />');
    expect(html).toContain(`<meta property="og:image" content="https://run.example.org/icons/icon-512.png" />`);
    expect(html).toContain('<div id="root"></div>');
    // Any letter case finds the same runner.
    expect((await page(`/${username.toUpperCase()}`)).html).toContain('<title>Ada &lt;Lovelace&gt;</title>');
  });

  it('of a hidden profile is the same page as an unknown name gets: the generic one', async () => {
    const runner = await registerUser(server, { name: 'Grace Hopper' });
    await makeProfilePublic(runner.client);
    const username = `grace-${randomBytes(3).toString('hex')}`;
    await runner.client.patch('/api/profile', { username });
    expect((await page(`/${username}`)).html).toContain('<title>Grace Hopper</title>');

    await runner.client.patch('/api/profile/privacy', { publicProfile: false });

    const hidden = await page(`/${username}`);
    const unknown = await page(`/nobody-${randomBytes(3).toString('hex')}`);
    expect(hidden).toEqual(unknown);
    expect(hidden.html).toBe(INDEX_HTML);
    expect(hidden.status).toBe(200);
  });

  it("leaves the app's own pages as built", async () => {
    for (const pathname of ['/dashboard', '/login', '/a/b']) {
      expect((await page(pathname)).html).toBe(INDEX_HTML);
    }
  });
});
