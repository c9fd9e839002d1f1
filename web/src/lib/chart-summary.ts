/**
 * The text alternative of a chart: one sentence a screen reader speaks in the chart's place (the
 * chart's box is role="img" with this as its label), naming what is drawn, over which range, and
 * each series' lowest, highest and latest values in the chart's own units (a pace's fastest and
 * slowest).
 */

export interface SummarySeries {
  /** The series' name as its legend shows it ("This period", "Fitness (42 d)"). */
  name: string;
  /** One value per point; null where the series has no value there. */
  values: readonly (number | null | undefined)[];
  /** The value as the chart's tooltip writes it. */
  format: (value: number) => string;
  /**
   * The words for the lowest and the highest value, "lowest" and "highest" unless given: a pace or
   * a finish time is fastest at its lowest (PACE_EXTREMES).
   */
  extremes?: readonly [lowest: string, highest: string];
}

/** A pace's or a time's lowest value is its fastest. */
export const PACE_EXTREMES = ['fastest', 'slowest'] as const;

export interface ChartSummaryInput {
  /** What the chart shows ("Distance per week"). */
  title: string;
  /** The point labels along the x axis (week, month or day labels); the range is read from them. */
  labels: readonly string[];
  /** What one point is, singular and plural ("week", "weeks"). */
  noun: readonly [string, string];
  series: readonly SummarySeries[];
  /** The range in words when the labels do not say it (a profile over distance: "over 10.2 km"). */
  range?: string;
}

/** "13 weeks from 3 Feb to 28 Apr", "1 month, Apr 2026", "no weeks". */
export function rangeText(labels: readonly string[], [one, many]: readonly [string, string]): string {
  const first = labels[0];
  const last = labels[labels.length - 1];
  if (first === undefined || last === undefined) {
    return `no ${many}`;
  }
  if (labels.length === 1) {
    return `1 ${one}, ${first}`;
  }
  return `${labels.length} ${many} from ${first} to ${last}`;
}

/** "This period: lowest 0 km (3 Feb), highest 42.3 km (10 Mar), latest 12 km." or "Last year: no data." */
export function seriesText(series: SummarySeries, labels: readonly (string | undefined)[]): string {
  let lowest: number | undefined;
  let highest: number | undefined;
  let latest: number | undefined;
  series.values.forEach((value, index) => {
    if (value === null || value === undefined || !Number.isFinite(value)) {
      return;
    }
    if (lowest === undefined || value < (series.values[lowest] as number)) {
      lowest = index;
    }
    if (highest === undefined || value > (series.values[highest] as number)) {
      highest = index;
    }
    latest = index;
  });
  if (lowest === undefined || highest === undefined || latest === undefined) {
    return `${series.name}: no data.`;
  }
  const at = (index: number) => {
    const label = labels[index];
    return `${series.format(series.values[index] as number)}${label === undefined ? '' : ` (${label})`}`;
  };
  if (lowest === highest) {
    return `${series.name}: ${at(lowest)}.`;
  }
  const [low, high] = series.extremes ?? ['lowest', 'highest'];
  return `${series.name}: ${low} ${at(lowest)}, ${high} ${at(highest)}, latest ${series.format(series.values[latest] as number)}.`;
}

/** "Distance per week, 13 weeks from 3 Feb to 28 Apr. This period: lowest …, highest …, latest …." */
export function chartSummary({ title, labels, noun, series, range }: ChartSummaryInput): string {
  return [`${title}, ${range ?? rangeText(labels, noun)}.`, ...series.map((entry) => seriesText(entry, labels))].join(
    ' ',
  );
}
