/**
 * Split tables for a target time over a distance, and treadmill speed ↔ pace.
 * A negative split runs the second half faster than the first: with a split of `percent` %, the
 * second half's pace is `percent` % faster than the first's, and both together still take the
 * target time. Each split's time integrates the pace over its stretch, so a split that crosses
 * halfway is part one pace, part the other; the last split is the partial remainder.
 */
import type { UnitSystem } from '../unit-system.ts';
import { METRES_PER_MILE, metresPerUnit } from '../units.ts';

export interface SplitRow {
  /** 1-based. */
  index: number;
  /** Metres of this split (the last one may be shorter). */
  metres: number;
  /** Cumulative metres at the split's end. */
  endMetres: number;
  seconds: number;
  elapsedSeconds: number;
}

/** A split shorter than this (float noise from a distance typed in the other unit) is not a row. */
const MIN_SPLIT_METRES = 0.5;

/** Split times for `seconds` over `metres`, a split per km or mile; `negativePercent` 0 is even pace. */
export function splitTable(metres: number, seconds: number, units: UnitSystem, negativePercent = 0): SplitRow[] {
  const ratio = 1 - negativePercent / 100;
  // First-half pace a, second-half pace a·ratio: (metres / 2)(a + a·ratio) = seconds.
  const firstPace = (2 * seconds) / (metres * (1 + ratio));
  const secondPace = firstPace * ratio;
  const half = metres / 2;
  const elapsedAt = (x: number) => (x <= half ? x * firstPace : half * firstPace + (x - half) * secondPace);
  const step = metresPerUnit(units);
  const rows: SplitRow[] = [];
  let start = 0;
  while (metres - start > MIN_SPLIT_METRES) {
    const end = Math.min(metres, start + step);
    rows.push({
      index: rows.length + 1,
      metres: end - start,
      endMetres: end,
      seconds: elapsedAt(end) - elapsedAt(start),
      elapsedSeconds: elapsedAt(end),
    });
    start = end;
  }
  return rows;
}

export type SpeedUnit = 'km/h' | 'mph';

const METRES_PER_HOUR: Readonly<Record<SpeedUnit, number>> = { 'km/h': 1000, mph: METRES_PER_MILE };

/** Seconds per metre as a treadmill speed. */
export function speedFromPace(secondsPerMetre: number, unit: SpeedUnit): number {
  return 3600 / (secondsPerMetre * METRES_PER_HOUR[unit]);
}
