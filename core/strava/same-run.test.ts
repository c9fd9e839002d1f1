import { describe, expect, it } from 'vitest';
import type { ActivitySummary } from '../activity/schemas.ts';
import { isSameActivity, pairSameRuns } from './same-run.ts';

const ISO = '2026-01-15T07:30:00Z';
const MS = Date.parse(ISO);

type Item = Pick<ActivitySummary, 'id' | 'startDate' | 'distance' | 'source'>;

function item(id: string, start: string, distance: number, source: Item['source']): Item {
  return { id, startDate: new Date(Date.parse(start)).toISOString(), distance, source };
}

const at = (offsetSeconds: number) => new Date(MS + offsetSeconds * 1000).toISOString();

describe('isSameActivity', () => {
  const base = item('a', ISO, 10_000, 'strava');

  it.each([
    [0, 10_000, true],
    [59, 10_000, true],
    [60, 10_000, true],
    [-60, 10_000, true],
    [61, 10_000, false],
    [-61, 10_000, false],
    [0, 9500, true], // 5 % of the longer (10 000)
    [0, 9499, false],
    [0, 10_526, true], // 10 526 - 10 000 = 526 ≤ 526.3
    [0, 10_527, false],
  ])('start %d s apart, distance %d → %s', (offset, distance, expected) => {
    const other = item('b', at(offset), distance, 'upload');
    expect(isSameActivity(base, other)).toBe(expected);
    expect(isSameActivity(other, base)).toBe(expected);
  });

  it('matches two activities without distance at the same time', () => {
    expect(isSameActivity(item('a', ISO, 0, 'strava'), item('b', ISO, 0, 'upload'))).toBe(true);
    expect(isSameActivity(item('a', ISO, 0, 'strava'), item('b', ISO, 10, 'upload'))).toBe(false);
  });

  it('never matches an invalid start date', () => {
    expect(isSameActivity({ ...base, startDate: 'x' }, { ...base, startDate: 'x' })).toBe(false);
  });
});

describe('pairSameRuns', () => {
  const ids = (pairs: { strava: Item; uploaded: Item }[]) =>
    pairs.map((pair) => `${pair.strava.id}=${pair.uploaded.id}`);

  it('pairs each Strava activity with the upload of the same run', () => {
    const strava = [item('s1', at(0), 10_000, 'strava'), item('s2', at(86_400), 5000, 'strava')];
    const uploaded = [item('u1', at(20), 9800, 'upload'), item('u2', at(-86_400), 3000, 'upload')];
    expect(ids(pairSameRuns(strava, uploaded))).toEqual(['s1=u1']);
  });

  it('pairs one to one, closest start first', () => {
    const strava = [item('far', at(50), 10_000, 'strava'), item('near', at(5), 10_000, 'strava')];
    expect(ids(pairSameRuns(strava, [item('u', at(0), 10_000, 'upload')]))).toEqual(['near=u']);
    const uploads = [item('u-far', at(50), 10_000, 'upload'), item('u-near', at(-5), 10_000, 'upload')];
    expect(ids(pairSameRuns([item('s', at(0), 10_000, 'strava')], uploads))).toEqual(['s=u-near']);
  });

  it('gives two runs of the same minute each its own upload', () => {
    const strava = [item('s1', at(0), 5000, 'strava'), item('s2', at(40), 5000, 'strava')];
    const uploaded = [item('u1', at(2), 5000, 'upload'), item('u2', at(41), 5000, 'upload')];
    expect(ids(pairSameRuns(strava, uploaded)).sort()).toEqual(['s1=u1', 's2=u2']);
  });

  it('pairs nothing across more than 60 s, more than 5 % or an invalid start', () => {
    expect(pairSameRuns([item('s', at(61), 5000, 'strava')], [item('u', at(0), 5000, 'upload')])).toEqual([]);
    expect(pairSameRuns([item('s', at(0), 10_000, 'strava')], [item('u', at(0), 5000, 'upload')])).toEqual([]);
    const broken = { ...item('s', ISO, 5000, 'strava'), startDate: 'x' };
    expect(pairSameRuns([broken], [item('u', ISO, 5000, 'upload')])).toEqual([]);
    expect(pairSameRuns([item('s', ISO, 5000, 'strava')], [{ ...broken, id: 'u' }])).toEqual([]);
    expect(pairSameRuns([], [])).toEqual([]);
  });

  it('pairs a thousand-run history against uploads exactly', () => {
    const strava = Array.from({ length: 1000 }, (_, day) => item(`s${day}`, at(day * 86_400), 8000, 'strava'));
    const uploaded = Array.from({ length: 300 }, (_, day) => item(`u${day}`, at(day * 86_400 * 2 + 3), 8100, 'upload'));
    const pairs = pairSameRuns(strava, uploaded);
    expect(pairs).toHaveLength(300);
    expect(pairs.every((pair) => pair.strava.id === `s${Number(pair.uploaded.id.slice(1)) * 2}`)).toBe(true);
  });

  it('pairs nothing with an invalid start date', () => {
    expect(
      pairSameRuns([{ ...item('s', ISO, 5000, 'strava'), startDate: 'x' }], [item('u', ISO, 5000, 'upload')]),
    ).toEqual([]);
  });
});
