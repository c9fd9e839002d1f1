/**
 * The pieces every share card is painted from: its colours (the runner's theme, dark or light), the
 * glowing background, the brand mark with the product's name, a row of stats that shrinks to fit,
 * and a route drawn to scale with its private places, start and finish cut out.
 */
import { PRODUCT_NAME, TAGLINE } from '../../../../core/product.ts';
import type { MapPoint } from '../../../../core/profile-privacy.ts';
import { PALETTE, SCHEMES, type ColorScheme } from '../palette.ts';
import { font, SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from './share-card-layout.ts';

export const BRAND_ORANGE = PALETTE.brand;
/** The ink of the brand mark drawn on its orange square, the same on either card. */
const BRAND_INK = PALETTE.brandInk;

/** The paper and inks of one card. */
export interface ShareCardColours {
  dark: boolean;
  background: string;
  panel: string;
  text: string;
  textSecondary: string;
  divider: string;
}

function cardColours(scheme: ColorScheme): ShareCardColours {
  const { background, panel, text, textSecondary, divider } = SCHEMES[scheme];
  return { dark: scheme === 'dark', background, panel, text, textSecondary, divider };
}

const CARD_COLOURS: Record<ColorScheme, ShareCardColours> = { dark: cardColours('dark'), light: cardColours('light') };

/** A share card is painted in the theme the runner sees. */
export function shareCardColours(scheme: ColorScheme): ShareCardColours {
  return CARD_COLOURS[scheme];
}
/** The same drawings as BrandMark.tsx and the EmojiEvents icon, as SVG path data on a 64 and a 24 grid. */
export const BRAND_STRIDE_PATH = 'M18 44c6-2 10-6 13-12s7-10 15-12';
export const TROPHY_PATH =
  'M19 5h-2V3H7v2H5c-1.1 0-2 .9-2 2v1c0 2.55 1.92 4.63 4.39 4.94.63 1.5 1.98 2.63 3.61 2.96V19H7v2h10v-2h-4v-3.1c1.63-.33 2.98-1.46 3.61-2.96C19.08 12.63 21 10.55 21 8V7c0-1.1-.9-2-2-2M5 8V7h2v3.82C5.84 10.4 5 9.3 5 8m14 0c0 1.3-.84 2.4-2 2.82V7h2z';

/** The page behind every card: the card's background with a warm glow from the accent colour. */
export function drawBackground(context: CanvasRenderingContext2D, accent: string, colours: ShareCardColours): void {
  context.fillStyle = colours.background;
  context.fillRect(0, 0, SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT);
  const glow = context.createRadialGradient(0, 0, 0, 0, 0, 900);
  glow.addColorStop(0, `${accent}33`);
  glow.addColorStop(1, `${accent}00`);
  context.fillStyle = glow;
  context.fillRect(0, 0, SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT);
  context.fillStyle = accent;
  context.fillRect(0, SHARE_CARD_HEIGHT - 8, SHARE_CARD_WIDTH, 8);
}

/** The brand mark and the product's name, top left. */
export function drawBrand(context: CanvasRenderingContext2D, x: number, y: number, colours: ShareCardColours): void {
  const size = 56;
  context.save();
  context.translate(x, y);
  context.scale(size / 64, size / 64);
  context.fillStyle = BRAND_ORANGE;
  context.beginPath();
  context.roundRect(0, 0, 64, 64, 14);
  context.fill();
  context.strokeStyle = BRAND_INK;
  context.lineWidth = 6;
  context.lineCap = 'round';
  context.stroke(new Path2D(BRAND_STRIDE_PATH));
  context.fillStyle = BRAND_INK;
  context.beginPath();
  context.arc(46, 20, 5, 0, Math.PI * 2);
  context.fill();
  context.restore();
  context.textBaseline = 'alphabetic';
  context.fillStyle = colours.text;
  context.font = font(700, 30);
  context.fillText(PRODUCT_NAME, x + size + 16, y + 26);
  context.fillStyle = colours.textSecondary;
  context.font = font(400, 18);
  context.fillText(TAGLINE, x + size + 16, y + 50);
}

/**
 * A row of label-over-value stats from x, each as wide as it needs plus a gap; the values shrink
 * when the row would be wider than maxWidth.
 */
export function drawStats(
  context: CanvasRenderingContext2D,
  x: number,
  y: number,
  maxWidth: number,
  stats: readonly [string, string][],
  colours: ShareCardColours,
): void {
  const gap = 44;
  const labels = stats.map(([label]) => label.toUpperCase());
  context.font = font(500, 20);
  const labelWidths = labels.map((label) => context.measureText(label).width);
  let valueSize = 42;
  context.font = font(700, valueSize);
  const rowWidth = () =>
    stats.reduce(
      (sum, [, value], index) => sum + Math.max(labelWidths[index] ?? 0, context.measureText(value).width),
      gap * (stats.length - 1),
    );
  while (valueSize > 24 && rowWidth() > maxWidth) {
    valueSize -= 2;
    context.font = font(700, valueSize);
  }
  let left = x;
  stats.forEach(([, value], index) => {
    context.fillStyle = colours.textSecondary;
    context.font = font(500, 20);
    context.fillText(labels[index] ?? '', left, y);
    context.fillStyle = colours.text;
    context.font = font(700, valueSize);
    context.fillText(value, left, y + 52);
    left += Math.max(labelWidths[index] ?? 0, context.measureText(value).width) + gap;
  });
}

/**
 * The route inside a box, as every public surface shows it (core/profile-privacy.ts): its lines
 * with the privacy zones, the start and the end cut out, so no start or finish is marked. Longitude
 * is shrunk by the cosine of the latitude so the shape is not stretched, then scaled to fit and
 * centred. Nothing is drawn of lines with fewer than two points.
 */
export function drawRoute(
  context: CanvasRenderingContext2D,
  lines: readonly (readonly MapPoint[])[],
  box: { x: number; y: number; width: number; height: number },
): void {
  const drawn = lines.filter((line) => line.length >= 2);
  const points = drawn.flat();
  if (points.length === 0) {
    return;
  }
  const meanLat = points.reduce((sum, [lat]) => sum + lat, 0) / points.length;
  const xScale = Math.cos((meanLat * Math.PI) / 180);
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [lat, lon] of points) {
    minX = Math.min(minX, lon * xScale);
    maxX = Math.max(maxX, lon * xScale);
    minY = Math.min(minY, -lat);
    maxY = Math.max(maxY, -lat);
  }
  const padding = 36;
  const spanX = Math.max(maxX - minX, 1e-9);
  const spanY = Math.max(maxY - minY, 1e-9);
  const scale = Math.min((box.width - padding * 2) / spanX, (box.height - padding * 2) / spanY);
  const offsetX = box.x + (box.width - spanX * scale) / 2;
  const offsetY = box.y + (box.height - spanY * scale) / 2;

  context.save();
  context.beginPath();
  // One stroke per line: the gaps between them were hidden or not travelled.
  for (const line of drawn) {
    line.forEach(([lat, lon], index) => {
      const x = offsetX + (lon * xScale - minX) * scale;
      const y = offsetY + (-lat - minY) * scale;
      if (index === 0) {
        context.moveTo(x, y);
      } else {
        context.lineTo(x, y);
      }
    });
  }
  context.lineJoin = 'round';
  context.lineCap = 'round';
  context.shadowColor = `${BRAND_ORANGE}99`;
  context.shadowBlur = 18;
  context.strokeStyle = BRAND_ORANGE;
  context.lineWidth = 6;
  context.stroke();
  context.restore();
}
