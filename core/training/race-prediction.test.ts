import { describe, expect, it } from 'vitest';
import { addDays } from './local-day.ts';
import {
  PREDICTION_TREND_WEEKS,
  PREDICTION_WINDOW_DAYS,
  predictionHistoryStart,
  predictRaces,
} from './race-prediction.ts';

const TODAY = '2027-03-31';
const tenK = { label: '10K', metres: 10_000, seconds: 45 * 60, date: addDays(TODAY, -30) };
const oldFiveK = { label: '5K', metres: 5000, seconds: 20 * 60, date: addDays(TODAY, -100) };

describe('race predictions', () => {
  it('come from the best effort of the window, by VDOT and by Riegel', () => {
    const { basis, races } = predictRaces([tenK, oldFiveK], TODAY);
    // The faster 5K is older than the window: the 10K is the basis.
    expect(basis).toMatchObject({ label: '10K', seconds: 2700 });
    const byRace = new Map(races.map((race) => [race.race, race]));
    // The effort's own distance comes back as its own time.
    expect(Math.abs((byRace.get('10k')?.vdotSeconds ?? 0) - 2700)).toBeLessThanOrEqual(1);
    // Riegel: 2700 × (21,097.5 / 10,000)^1.06.
    expect(byRace.get('half')?.riegelSeconds).toBe(Math.round(2700 * (21_097.5 / 10_000) ** 1.06));
    expect(byRace.get('marathon')?.riegelSeconds).toBe(Math.round(2700 * 4.2195 ** 1.06));
    // VDOT predicts a longer race slower per km than the shorter one.
    const pace = (race: '5k' | 'marathon', metres: number) => (byRace.get(race)?.vdotSeconds ?? 0) / metres;
    expect(pace('marathon', 42_195)).toBeGreaterThan(pace('5k', 5000));
  });

  it('are none without an effort in the window, and trend week by week as efforts enter and leave it', () => {
    expect(predictRaces([oldFiveK], TODAY)).toMatchObject({ basis: null, races: [] });
    const { trend } = predictRaces([tenK, oldFiveK], TODAY);
    expect(trend).toHaveLength(PREDICTION_TREND_WEEKS);
    expect(trend.at(-1)?.weekEnd).toBe(TODAY);
    expect(trend[0]?.weekEnd).toBe(addDays(TODAY, -7 * (PREDICTION_TREND_WEEKS - 1)));
    // The 5K (VDOT about 49.8) counts while it is inside a week's window; the 10K (about 45.3) after.
    const vdots = trend.map((week) => week.vdot);
    const fiveKLeaves = trend.findIndex((week) => week.weekEnd > addDays(oldFiveK.date, PREDICTION_WINDOW_DAYS - 1));
    expect(vdots.slice(0, fiveKLeaves).every((vdot) => vdot !== null && vdot > 49)).toBe(true);
    expect(vdots.slice(fiveKLeaves).every((vdot) => vdot !== null && vdot < 46)).toBe(true);
    expect(predictionHistoryStart(TODAY) <= addDays(trend[0]!.weekEnd, -(PREDICTION_WINDOW_DAYS - 1))).toBe(true);
  });
});
