/**
 * The shareable PNG cards (spec §1/§3 "screenshots taken"): 1200×630, the size link previews use,
 * drawn on a canvas in the runner's card colours (share-card-painting.ts) — one for an activity (name, date, distance, time, pace and a drawing of the
 * route) and one for a medal (title in its tier colour, value and date). Layout and text live in
 * share-card-layout.ts, the painted pieces in share-card-painting.ts, the way out in
 * share-card-export.ts.
 */
import {
  formatActivityDistance,
  formatActivityPace,
  formatMovingTime,
  paceOrSpeedLabel,
} from '../../../../core/activity/activity-figures.ts';
import type { MedalCard } from '../../../../core/medals/api.ts';
import { formatMedalDate } from '../../../../core/medals/format.ts';
import type { UnitSystem } from '../../../../core/unit-system.ts';
import type { MapPoint } from '../../../../core/profile-privacy.ts';
import { formatWallDateTimeLong, readerLocale } from '../format.ts';
import { PALETTE } from '../palette.ts';
import { TIER_STYLES, tierInk } from '../medal-tiers.ts';
import type { ShareCard } from './share-card-export.ts';
import { createCanvas, font, safeFileName, SHARE_CARD_WIDTH, toPng, wrapText } from './share-card-layout.ts';
import {
  BRAND_ORANGE,
  drawBackground,
  drawBrand,
  drawRoute,
  drawStats,
  TROPHY_PATH,
  type ShareCardColours,
} from './share-card-painting.ts';

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

/**
 * An activity's card: the facts on the left, its route on the right (when any of it may be shown):
 * the lines of GET /api/activities/{id}/share-track, privacy zones, start and end cut out.
 */
export async function drawActivityCard(
  activity: ShareableActivity,
  route: readonly (readonly MapPoint[])[],
  units: UnitSystem,
  colours: ShareCardColours,
): Promise<ShareCard> {
  const { canvas, context } = createCanvas();
  drawBackground(context, BRAND_ORANGE, colours);
  drawBrand(context, 64, 56, colours);

  const hasRoute = route.some((line) => line.length >= 2);
  const textWidth = hasRoute ? 600 : SHARE_CARD_WIDTH - 128;
  context.font = font(800, 60);
  const titleLines = wrapText(context, activity.name, textWidth, 2);
  context.fillStyle = colours.text;
  titleLines.forEach((line, index) => context.fillText(line, 64, 220 + index * 70));
  const afterTitle = 220 + (titleLines.length - 1) * 70;
  context.fillStyle = colours.textSecondary;
  context.font = font(400, 26);
  context.fillText(
    wrapText(context, formatWallDateTimeLong(activity.startDateLocal), textWidth, 1)[0] ?? '',
    64,
    afterTitle + 50,
  );

  const stats: [string, string][] = [
    ['Distance', formatActivityDistance(activity, units)],
    ['Time', formatMovingTime(activity)],
    [paceOrSpeedLabel(activity.type), formatActivityPace(activity, units)],
  ];
  drawStats(context, 64, 470, textWidth, stats, colours);

  if (hasRoute) {
    const box = { x: 712, y: 56, width: 424, height: 502 };
    context.fillStyle = colours.panel;
    context.beginPath();
    context.roundRect(box.x, box.y, box.width, box.height, 24);
    context.fill();
    context.strokeStyle = colours.divider;
    context.lineWidth = 2;
    context.stroke();
    drawRoute(context, route, box);
  }
  return { blob: await toPng(canvas), fileName: safeFileName(activity.name), title: activity.name };
}

/** A medal's card: the medallion in its tier colours on the left, what was earned on the right. */
export async function drawMedalCard(medal: MedalCard, colours: ShareCardColours): Promise<ShareCard> {
  const tier = TIER_STYLES[medal.type];
  const ink = tierInk(medal.type, colours.dark ? 'dark' : 'light');
  const { canvas, context } = createCanvas();
  drawBackground(context, tier.main, colours);
  drawBrand(context, 64, 56, colours);

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
  context.fillStyle = ink;
  context.font = font(700, 24);
  context.fillText(`${tier.label.toUpperCase()} MEDAL`, left, 210);
  context.fillStyle = colours.text;
  context.font = font(800, 64);
  const titleLines = wrapText(context, medal.title, width, 2);
  titleLines.forEach((line, index) => context.fillText(line, left, 285 + index * 74));
  let y = 285 + (titleLines.length - 1) * 74;
  // Strava's terms: a medal a Strava activity earned is shared without that activity's figures or name.
  if (medal.value && !medal.activityFromStrava) {
    y += 70;
    context.fillStyle = colours.text;
    context.font = font(600, 40);
    context.fillText(wrapText(context, medal.value, width, 1)[0] ?? '', left, y);
  }
  const facts = [
    medal.earnedAt ? `Earned ${formatMedalDate(medal.earnedAt, readerLocale())}` : null,
    medal.activityName && !medal.activityFromStrava ? `on ${medal.activityName}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  if (facts) {
    y += 56;
    context.fillStyle = colours.textSecondary;
    context.font = font(400, 28);
    wrapText(context, facts, width, 2).forEach((line, index) => context.fillText(line, left, y + index * 38));
  }
  return { blob: await toPng(canvas), fileName: safeFileName(`${medal.title} medal`), title: medal.title };
}
