/**
 * Draws the installable app's icons (web/public/icons/) from the brand mark, in Chromium:
 * `npx tsx tools/app-icons.ts`. The plain icons are the mark as the favicon draws it (rounded, the
 * corners transparent); the maskable ones fill the whole square with the brand orange and keep the
 * stride line inside the middle 80 %, the part every launcher's mask shows.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { PALETTE } from '../web/src/lib/palette.ts';

const outDir = path.resolve(import.meta.dirname, '..', 'web', 'public', 'icons');
const STRIDE = `<path d="M18 44c6-2 10-6 13-12s7-10 15-12" fill="none" stroke="${PALETTE.brandInk}" stroke-width="6" stroke-linecap="round"/><circle cx="46" cy="20" r="5" fill="${PALETTE.brandInk}"/>`;

function plain(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${PALETTE.brand}"/>${STRIDE}</svg>`;
}

function maskable(size: number): string {
  // The mark's drawing spans 13..51 of 64; scaled to 0.7 about the centre it sits well inside the safe circle.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><rect width="64" height="64" fill="${PALETTE.brand}"/><g transform="translate(32 32) scale(0.7) translate(-32 -32)">${STRIDE}</g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: plain },
  { file: 'icon-512.png', size: 512, svg: plain },
  { file: 'maskable-192.png', size: 192, svg: maskable },
  { file: 'maskable-512.png', size: 512, svg: maskable },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${icon.svg(icon.size)}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(outDir, icon.file), omitBackground: true });
    await page.close();
    console.log(`web/public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
