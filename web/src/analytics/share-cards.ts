/**
 * The shareable PNG cards (spec §1/§3 "screenshots taken"): 1200×630, the size link previews use,
 * drawn on a canvas — one for an activity (name, date, distance, time, pace and a drawing of the
 * route) and one for a medal (title in its tier colour, value and date). Also the way out: the
 * system share sheet where the browser can share files, otherwise a download.
 */
import type { DisplayTrack } from '../../../core/activity/schemas.ts';
import { segmentRanges } from '../../../core/activity/display-track.ts';
import { formatMedalDate } from '../../../core/medals/format.ts';
import type { MedalCard } from '../../../core/medals/api.ts';
import { PRODUCT_NAME, TAGLINE } from '../../../core/product.ts';
import type { UnitSystem } from '../../../core/profile.ts';
import { formatDistance } from '../../../core/units.ts';
import { formatActivityDateLong } from '../activities/activity-format.ts';
import { TIER_STYLES } from '../medals/medal-tiers.ts';
import { formatActivityPace, formatMovingTime, paceOrSpeedLabel } from '../../../core/activity/activity-figures.ts';
import { PALETTE } from '../app/palette.ts';

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

export interface ShareCard {
  blob: Blob;
  fileName: string;
  title: string;
}

export interface ShareableActivity {
  id: string;
  name: string;
  startDateLocal: string;
  distance: number;
  movingTime: number;
  averageSpeed: number;
  hasTiming: boolean;
  type: string;
}

const BRAND_ORANGE = PALETTE.brand;
const BACKGROUND = PALETTE.background;
const PANEL = PALETTE.panel;
const TEXT = PALETTE.text;
const TEXT_SECONDARY = PALETTE.textSecondary;
const ROUTE_START = PALETTE.routeStart;
const ROUTE_END = PALETTE.routeEnd;
const FONT = '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif';
/** The same drawings as BrandMark.tsx and the EmojiEvents icon, as SVG path data on a 64 and a 24 grid. */
const BRAND_STRIDE_PATH = 'M18 44c6-2 10-6 13-12s7-10 15-12';
const TROPHY_PATH =
  'M19 5h-2V3H7v2H5c-1.1 0-2 .9-2 2v1c0 2.55 1.92 4.63 4.39 4.94.63 1.5 1.98 2.63 3.61 2.96V19H7v2h10v-2h-4v-3.1c1.63-.33 2.98-1.46 3.61-2.96C19.08 12.63 21 10.55 21 8V7c0-1.1-.9-2-2-2M5 8V7h2v3.82C5.84 10.4 5 9.3 5 8m14 0c0 1.3-.84 2.4-2 2.82V7h2z';

function font(weight: number, size: number): string {
  return `${weight} ${size}px ${FONT}`;
}

function createCanvas(): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = SHARE_CARD_WIDTH;
  canvas.height = SHARE_CARD_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) {
    throw new Error('This browser cannot draw the share card.');
  }
  return { canvas, context };
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The share card could not be made.'))),
      'image/png',
    );
  });
}

/** The page behind every card: the theme's background with a warm glow from the brand colour. */
function drawBackground(context: CanvasRenderingContext2D, accent: string): void {
  context.fillStyle = BACKGROUND;
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
function drawBrand(context: CanvasRenderingContext2D, x: number, y: number): void {
  const size = 56;
  context.save();
  context.translate(x, y);
  context.scale(size / 64, size / 64);
  context.fillStyle = BRAND_ORANGE;
  context.beginPath();
  context.roundRect(0, 0, 64, 64, 14);
  context.fill();
  context.strokeStyle = BACKGROUND;
  context.lineWidth = 6;
  context.lineCap = 'round';
  context.stroke(new Path2D(BRAND_STRIDE_PATH));
  context.fillStyle = BACKGROUND;
  context.beginPath();
  context.arc(46, 20, 5, 0, Math.PI * 2);
  context.fill();
  context.restore();
  context.textBaseline = 'alphabetic';
  context.fillStyle = TEXT;
  context.font = font(700, 30);
  context.fillText(PRODUCT_NAME, x + size + 16, y + 26);
  context.fillStyle = TEXT_SECONDARY;
  context.font = font(400, 18);
  context.fillText(TAGLINE, x + size + 16, y + 50);
}

/**
 * Up to `maxLines` lines of text within `maxWidth`, the last one cut with an ellipsis when more text
 * follows. Only the context's text measure is used (with its current font), so the wrapping is
 * testable without a canvas.
 */
export function wrapText(
  context: Pick<CanvasRenderingContext2D, 'measureText'>,
  text: string,
  maxWidth: number,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (context.measureText(candidate).width <= maxWidth || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) {
    lines.push(line);
  }
  // A line still too wide (one long word) is cut too, on whichever line it falls: no text runs off the card.
  return lines.slice(0, maxLines).map((kept, index) => {
    let cut = index === maxLines - 1 && lines.length > maxLines ? `${kept} …` : kept;
    while (cut.length > 1 && context.measureText(cut).width > maxWidth) {
      cut = `${cut.slice(0, -2).trimEnd()}…`;
    }
    return cut;
  });
}

/**
 * A row of label-over-value stats from x, each as wide as it needs plus a gap; the values shrink
 * when the row would be wider than maxWidth.
 */
function drawStats(
  context: CanvasRenderingContext2D,
  x: number,
  y: number,
  maxWidth: number,
  stats: readonly [string, string][],
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
    context.fillStyle = TEXT_SECONDARY;
    context.font = font(500, 20);
    context.fillText(labels[index] ?? '', left, y);
    context.fillStyle = TEXT;
    context.font = font(700, valueSize);
    context.fillText(value, left, y + 52);
    left += Math.max(labelWidths[index] ?? 0, context.measureText(value).width) + gap;
  });
}

/**
 * The route inside a box: longitude shrunk by the cosine of the latitude so the shape is not
 * stretched, then scaled to fit and centred.
 */
function drawRoute(
  context: CanvasRenderingContext2D,
  track: DisplayTrack,
  box: { x: number; y: number; width: number; height: number },
): void {
  const count = Math.min(track.lat.length, track.lon.length);
  if (count < 2) {
    return;
  }
  const meanLat = track.lat.reduce((sum, lat) => sum + lat, 0) / track.lat.length;
  const xScale = Math.cos((meanLat * Math.PI) / 180);
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let index = 0; index < count; index += 1) {
    const x = (track.lon[index] ?? 0) * xScale;
    const y = -(track.lat[index] ?? 0);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const padding = 36;
  const spanX = Math.max(maxX - minX, 1e-9);
  const spanY = Math.max(maxY - minY, 1e-9);
  const scale = Math.min((box.width - padding * 2) / spanX, (box.height - padding * 2) / spanY);
  const offsetX = box.x + (box.width - spanX * scale) / 2;
  const offsetY = box.y + (box.height - spanY * scale) / 2;
  const point = (index: number): [number, number] => [
    offsetX + ((track.lon[index] ?? 0) * xScale - minX) * scale,
    offsetY + (-(track.lat[index] ?? 0) - minY) * scale,
  ];

  context.save();
  context.beginPath();
  // One stroke per recorded segment: the gaps between them were not travelled.
  for (const [from, to] of segmentRanges(count, track.segmentStarts)) {
    for (let index = from; index < to; index += 1) {
      const [x, y] = point(index);
      if (index === from) {
        context.moveTo(x, y);
      } else {
        context.lineTo(x, y);
      }
    }
  }
  context.lineJoin = 'round';
  context.lineCap = 'round';
  context.shadowColor = `${BRAND_ORANGE}99`;
  context.shadowBlur = 18;
  context.strokeStyle = BRAND_ORANGE;
  context.lineWidth = 6;
  context.stroke();
  context.restore();

  const dot = ([x, y]: [number, number], colour: string, radius: number) => {
    context.beginPath();
    context.arc(x, y, radius, 0, Math.PI * 2);
    context.fillStyle = colour;
    context.fill();
    context.lineWidth = 3;
    context.strokeStyle = PANEL;
    context.stroke();
  };
  // The finish under the start, so an out-and-back run shows both.
  dot(point(count - 1), ROUTE_END, 13);
  dot(point(0), ROUTE_START, 7);
}

function safeFileName(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${PRODUCT_NAME.toLowerCase()}-${slug || 'card'}.png`;
}

/** An activity's card: the facts on the left, its route on the right (when it has one). */
export async function drawActivityCard(
  activity: ShareableActivity,
  track: DisplayTrack | null,
  units: UnitSystem,
): Promise<ShareCard> {
  const { canvas, context } = createCanvas();
  drawBackground(context, BRAND_ORANGE);
  drawBrand(context, 64, 56);

  const hasRoute = track !== null && track.lat.length > 1;
  const textWidth = hasRoute ? 600 : SHARE_CARD_WIDTH - 128;
  context.font = font(800, 60);
  const titleLines = wrapText(context, activity.name, textWidth, 2);
  context.fillStyle = TEXT;
  titleLines.forEach((line, index) => context.fillText(line, 64, 220 + index * 70));
  const afterTitle = 220 + (titleLines.length - 1) * 70;
  context.fillStyle = TEXT_SECONDARY;
  context.font = font(400, 26);
  context.fillText(
    wrapText(context, formatActivityDateLong(activity.startDateLocal), textWidth, 1)[0] ?? '',
    64,
    afterTitle + 50,
  );

  const stats: [string, string][] = [
    ['Distance', formatDistance(activity.distance, units)],
    ['Time', formatMovingTime(activity)],
    [paceOrSpeedLabel(activity.type), formatActivityPace(activity, units)],
  ];
  drawStats(context, 64, 470, textWidth, stats);

  if (hasRoute) {
    const box = { x: 712, y: 56, width: 424, height: 502 };
    context.fillStyle = PANEL;
    context.beginPath();
    context.roundRect(box.x, box.y, box.width, box.height, 24);
    context.fill();
    context.strokeStyle = PALETTE.divider;
    context.lineWidth = 2;
    context.stroke();
    drawRoute(context, track, box);
  }
  return { blob: await toPng(canvas), fileName: safeFileName(activity.name), title: activity.name };
}

/** A medal's card: the medallion in its tier colours on the left, what was earned on the right. */
export async function drawMedalCard(medal: MedalCard): Promise<ShareCard> {
  const tier = TIER_STYLES[medal.type];
  const { canvas, context } = createCanvas();
  drawBackground(context, tier.main);
  drawBrand(context, 64, 56);

  const centreX = 300;
  const centreY = 360;
  const radius = 150;
  context.save();
  context.shadowColor = `${tier.main}66`;
  context.shadowBlur = 60;
  const medallion = context.createLinearGradient(
    centreX - radius,
    centreY - radius,
    centreX + radius,
    centreY + radius,
  );
  medallion.addColorStop(0, tier.light);
  medallion.addColorStop(0.45, tier.main);
  medallion.addColorStop(1, tier.dark);
  context.fillStyle = medallion;
  context.beginPath();
  context.arc(centreX, centreY, radius, 0, Math.PI * 2);
  context.fill();
  context.restore();
  context.strokeStyle = `${tier.light}aa`;
  context.lineWidth = 4;
  context.beginPath();
  context.arc(centreX, centreY, radius - 16, 0, Math.PI * 2);
  context.stroke();
  const iconSize = 150;
  context.save();
  context.translate(centreX - iconSize / 2, centreY - iconSize / 2);
  context.scale(iconSize / 24, iconSize / 24);
  context.fillStyle = PALETTE.medalInk;
  context.fill(new Path2D(TROPHY_PATH));
  context.restore();

  const left = 520;
  const width = SHARE_CARD_WIDTH - left - 64;
  context.fillStyle = tier.main;
  context.font = font(700, 24);
  context.fillText(`${tier.label.toUpperCase()} MEDAL`, left, 210);
  context.fillStyle = TEXT;
  context.font = font(800, 64);
  const titleLines = wrapText(context, medal.title, width, 2);
  titleLines.forEach((line, index) => context.fillText(line, left, 285 + index * 74));
  let y = 285 + (titleLines.length - 1) * 74;
  // Strava's terms: a medal a Strava activity earned is shared without that activity's figures or name.
  if (medal.value && !medal.activityFromStrava) {
    y += 70;
    context.fillStyle = TEXT;
    context.font = font(600, 40);
    context.fillText(wrapText(context, medal.value, width, 1)[0] ?? '', left, y);
  }
  const facts = [
    medal.earnedAt ? `Earned ${formatMedalDate(medal.earnedAt)}` : null,
    medal.activityName && !medal.activityFromStrava ? `on ${medal.activityName}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  if (facts) {
    y += 56;
    context.fillStyle = TEXT_SECONDARY;
    context.font = font(400, 28);
    wrapText(context, facts, width, 2).forEach((line, index) => context.fillText(line, left, y + index * 38));
  }
  return { blob: await toPng(canvas), fileName: safeFileName(`${medal.title} medal`), title: medal.title };
}

/**
 * Offers the card: the share sheet where the browser can share files, otherwise a download.
 * Says 'cancelled' when the reader closed the share sheet without sharing.
 */
export async function shareOrDownload(card: ShareCard): Promise<'shared' | 'downloaded' | 'cancelled'> {
  const file = new File([card.blob], card.fileName, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: card.title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        return 'cancelled';
      }
      // Sharing refused for another reason (no user activation left, policy): download instead.
    }
  }
  const url = URL.createObjectURL(card.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = card.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: the download starts asynchronously from the click.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'downloaded';
}
