import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../../core/product.ts';
import { SCHEMES } from '../lib/palette.ts';

const web = path.resolve(import.meta.dirname, '..', '..');
const publicDir = path.join(web, 'public');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

const manifest = JSON.parse(readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8')) as {
  name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
};

/** Width and height from a PNG's header chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the web manifest', () => {
  it('installs Stride standalone from the start page, in the dark theme’s colours', () => {
    expect(manifest.name).toBe(PRODUCT_NAME);
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toBe(SCHEMES.dark.background);
    expect(manifest.background_color).toBe(SCHEMES.dark.background);
  });

  it('names PNG icons of 192 and 512 pixels, plain and maskable, that exist at those sizes', () => {
    const bySizeAndPurpose = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort();
    expect(bySizeAndPurpose).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      const file = path.join(publicDir, icon.src);
      expect(existsSync(file), icon.src).toBe(true);
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(file)).toEqual({ width, height });
    }
  });

  it('is linked from the page, with the same theme colour', () => {
    const index = readFileSync(path.join(web, 'index.html'), 'utf8');
    expect(index).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(index).toContain(`<meta name="theme-color" content="${SCHEMES.dark.background}" />`);
  });

  it("paints the page in the remembered theme (dark unless chosen) before the app's scripts and styles arrive", () => {
    const index = readFileSync(path.join(web, 'index.html'), 'utf8');
    expect(index).toContain('<meta name="color-scheme" content="dark" />');
    expect(index).toMatch(new RegExp(`<style>[^<]*background: ${SCHEMES.dark.background};[^<]*</style>`));
    expect(index).toMatch(
      new RegExp(
        `<style>[^<]*html\\[data-theme='light'\\] body \\{\\s*background: ${SCHEMES.light.background};[^<]*</style>`,
      ),
    );
    // Before the style and the app's module, so the first paint already has the theme.
    expect(index.indexOf('<script src="/theme-boot.js"></script>')).toBeGreaterThan(0);
    expect(index.indexOf('<script src="/theme-boot.js"></script>')).toBeLessThan(index.indexOf('<style>'));
  });
});
