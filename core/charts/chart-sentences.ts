/**
 * What the Charts page says about what a chart draws ("Runs") and, when a chart has nothing to draw
 * for the chosen period and type, why and what to do ("No rides in the last 12 weeks. Choose another
 * period or type, or upload a ride.").
 */
import type { UploadActivityType } from '../activity/parsed.ts';
import { CHART_TYPE_ALL, type ChartQuery } from './chart-api.ts';
import type { ChartPeriod } from './chart-periods.ts';

/** Each type's name in the plural, as a chart names what it draws. */
export const CHART_TYPE_PLURALS: Readonly<Record<UploadActivityType, string>> = {
  run: 'Runs',
  ride: 'Rides',
  walk: 'Walks',
  hike: 'Hikes',
  swim: 'Swims',
  other: 'Other activities',
};

const ONE_OF_TYPE: Readonly<Record<UploadActivityType, string>> = {
  run: 'a run',
  ride: 'a ride',
  walk: 'a walk',
  hike: 'a hike',
  swim: 'a swim',
  other: 'an activity',
};

const IN_PERIOD: Readonly<Record<ChartPeriod, string>> = {
  '12w': 'in the last 12 weeks',
  '12m': 'in the last 12 months',
  year: 'this year',
  all: 'yet',
};

function nothingOf(type: ChartQuery['type']): { plural: string; one: string } {
  return type === CHART_TYPE_ALL
    ? { plural: 'activities', one: 'an activity' }
    : { plural: CHART_TYPE_PLURALS[type].toLowerCase(), one: ONE_OF_TYPE[type] };
}

function whatToDo(period: ChartPeriod, type: ChartQuery['type'], one: string): string {
  const choices = [period === 'all' ? null : 'period', type === CHART_TYPE_ALL ? null : 'type'].filter(Boolean);
  const choose = choices.length === 0 ? '' : `Choose another ${choices.join(' or ')}, or upload ${one}.`;
  return choose || `Upload ${one}.`;
}

/** The period and type hold no activity. */
export function noActivitiesSentence(period: ChartPeriod, type: ChartQuery['type']): string {
  const { plural, one } = nothingOf(type);
  return `No ${plural} ${IN_PERIOD[period]}. ${whatToDo(period, type, one)}`;
}

/** The period's activities are there but none recorded any climb. */
export function noClimbSentence(period: ChartPeriod, type: ChartQuery['type']): string {
  const { plural } = nothingOf(type);
  return `No climb recorded on the ${plural} ${IN_PERIOD[period] === 'yet' ? 'so far' : IN_PERIOD[period]}.`;
}

/** The pace trend's type holds no timed activity with a distance in the period. */
export function noPaceSentence(period: ChartPeriod, paceType: UploadActivityType): string {
  const plural = CHART_TYPE_PLURALS[paceType].toLowerCase();
  return `No timed ${plural} with a distance ${IN_PERIOD[period]}, so no pace to draw.`;
}

/** The load lines (the last year of the period at most) hold no load. */
export function noLoadSentence(period: ChartPeriod, type: ChartQuery['type']): string {
  const { plural, one } = nothingOf(type);
  const span = period === '12m' || period === 'all' ? IN_PERIOD['12m'] : IN_PERIOD[period];
  return `No timed ${plural} ${span}, so no training load. ${whatToDo(period, type, one)}`;
}
