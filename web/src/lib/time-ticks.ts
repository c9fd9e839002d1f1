/**
 * Axes of seconds (a pace, a finish time) on round steps: 5 s, 10 s, 15 s, 30 s, a minute, 2, 5,
 * 10, 15, 30 minutes, an hour…, the smallest that covers the span in at most `maxSteps` steps. The
 * domain runs from the step at or below the lowest value to the one at or above the highest, and
 * every tick is a whole step, so a chart never reads 4:07, 4:38, 5:09.
 */
const STEPS_S = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];

export interface TimeAxis {
  domain: [number, number];
  ticks: number[];
}

export function timeTicks(low: number, high: number, maxSteps = 4): TimeAxis {
  const span = Math.max(high - low, 10);
  const step = STEPS_S.find((candidate) => span / candidate <= maxSteps) ?? Math.ceil(span / maxSteps / 3600) * 3600;
  const from = Math.max(0, Math.floor(low / step) * step);
  const to = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let tick = from; tick <= to; tick += step) {
    ticks.push(tick);
  }
  return { domain: [from, to === from ? from + step : to], ticks };
}
