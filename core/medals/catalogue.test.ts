import { describe, expect, it } from 'vitest';
import {
  DISTANCE_CLASS_MILES,
  EARLY_BIRD_BEFORE_HOUR,
  MEDAL_CATALOGUE,
  MEDAL_IDS,
  MEDAL_RULES_VERSION,
  medalDefinition,
  medalRuleChangedSince,
  NIGHT_OWL_FROM_HOUR,
  RUN_STREAK_DAYS,
  SUB_TIME_TARGETS,
  TIME_OF_DAY_RUNS_NEEDED,
  TOTAL_DISTANCE_MILES,
  UPLOADED_SOURCES,
  WELLBEING_STREAK_DAYS,
} from './catalogue.ts';

/** Spec §9 "Medal catalogue", in its order: title and tier. */
const SPEC_CATALOGUE: [string, string][] = [
  ['Longest Run', 'gold'],
  ['Fastest Run', 'gold'],
  ['Highest Climb', 'gold'],
  ['Planning 5 Runs', 'gold'],
  ['Wellbeing Streak', 'gold'],
  ['5K Hero', 'bronze'],
  ['10K Warrior', 'silver'],
  ['Half Marathon Champion', 'gold'],
  ['Marathon Legend', 'gold'],
  ['Ultra Runner', 'gold'],
  ['Century Runner', 'silver'],
  ['500 Mile Club', 'gold'],
  ['Around The World', 'gold'],
  ['Triple Threat', 'bronze'],
  ['Weekend Warrior', 'silver'],
  ['Early Bird', 'gold'],
  ['Night Owl', 'gold'],
  ['Sub-30 5K', 'gold'],
  ['Sub-60 10K', 'gold'],
  ['New Year New You', 'gold'],
  ['Summer Solstice', 'gold'],
  ['Week Warrior', 'bronze'],
  ['Monthly Marathoner', 'silver'],
  ['Seasonal Superstar', 'gold'],
  ['Year-Round Runner', 'gold'],
  ['Breathing Buddha', 'gold'],
  ['Limber Limbs', 'silver'],
];

describe('the medal catalogue (spec §9)', () => {
  it('holds every medal of the spec with its title and tier, in the spec order', () => {
    expect(MEDAL_CATALOGUE.map((medal) => [medal.title, medal.tier])).toEqual(SPEC_CATALOGUE);
  });

  it('has stable, unique kebab-case ids in catalogue order', () => {
    expect(MEDAL_CATALOGUE.map((medal) => medal.id)).toEqual([...MEDAL_IDS]);
    expect(new Set(MEDAL_IDS).size).toBe(MEDAL_IDS.length);
    for (const id of MEDAL_IDS) {
      expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
    expect(MEDAL_IDS).toEqual(expect.arrayContaining(['longest-run', '5k-hero', 'sub-30-5k', 'year-round-runner']));
  });

  it('describes each medal as "Achieve {title}" with the trophy icon (spec §3)', () => {
    for (const medal of MEDAL_CATALOGUE) {
      expect(medal.description).toBe(`Achieve ${medal.title}`);
      expect(medal.icon).toBe('trophy');
    }
  });

  it('marks the three records and nothing else as records', () => {
    expect(MEDAL_CATALOGUE.filter((medal) => medal.kind === 'record').map((medal) => medal.id)).toEqual([
      'longest-run',
      'fastest-run',
      'highest-climb',
    ]);
  });

  it('says what each medal takes in both unit systems', () => {
    for (const medal of MEDAL_CATALOGUE) {
      expect(medal.requirement.imperial.length).toBeGreaterThan(0);
      expect(medal.requirement.metric.length).toBeGreaterThan(0);
    }
    expect(medalDefinition('ultra-runner').requirement.imperial).toBe('Run 31.07 miles or more in one run');
    expect(medalDefinition('5k-hero').requirement.imperial).toBe(
      'Run at least 3.1 miles, but less than 6.2 miles, in one run',
    );
    expect(medalDefinition('around-the-world').requirement.imperial).toBe('Run 24,901 miles in total');
    expect(medalDefinition('century-runner').requirement.metric).toBe('Run 160.93 km (100 mi) in total');
    expect(medalDefinition('half-marathon-champion').requirement.metric).toBe(
      'Run at least 21.08 km (13.1 mi), but less than 42.16 km (26.2 mi), in one run',
    );
    expect(medalDefinition('around-the-world').requirement.metric).toBe('Run 40,074.18 km (24,901 mi) in total');
    expect(medalDefinition('fastest-run').requirement.metric).toBe(
      'Run 1.61 km (1 mi) or more: your fastest pace holds this record',
    );
    expect(medalDefinition('early-bird').requirement.imperial).toBe('Start 5 runs before 06:00');
    expect(medalDefinition('night-owl').requirement.imperial).toBe('Start 5 runs at 20:00 or later');
    expect(medalDefinition('sub-30-5k').requirement.metric).toBe(
      'Run a 5K (4.75–5.25 km) in under 30 minutes of moving time',
    );
  });

  it('counts days in a row for a run streak and distance for a total, in one tier each', () => {
    expect(medalDefinition('seasonal-superstar')).toEqual({
      id: 'seasonal-superstar',
      title: 'Seasonal Superstar',
      description: 'Achieve Seasonal Superstar',
      icon: 'trophy',
      tier: 'gold',
      kind: 'milestone',
      requirement: { imperial: 'Run on 90 days in a row', metric: 'Run on 90 days in a row' },
      counts: { kind: 'count', noun: 'days in a row' },
    });
    expect(medalDefinition('500-mile-club').counts).toEqual({ kind: 'distance' });
    expect(medalDefinition('500-mile-club').tier).toBe('gold');
    expect(medalDefinition('10k-warrior').counts).toBeNull();
    expect(medalDefinition('10k-warrior').tier).toBe('silver');
  });

  it('keeps the spec §9 numbers', () => {
    expect(Object.values(DISTANCE_CLASS_MILES)).toEqual([3.1, 6.2, 13.1, 26.2, 31.07]);
    expect(Object.values(TOTAL_DISTANCE_MILES)).toEqual([100, 500, 24_901]);
    expect(SUB_TIME_TARGETS['sub-30-5k']).toEqual({ distanceMetres: 5000, underSeconds: 1800 });
    expect(SUB_TIME_TARGETS['sub-60-10k']).toEqual({ distanceMetres: 10_000, underSeconds: 3600 });
    expect([EARLY_BIRD_BEFORE_HOUR, NIGHT_OWL_FROM_HOUR, TIME_OF_DAY_RUNS_NEEDED]).toEqual([6, 20, 5]);
    expect(Object.values(RUN_STREAK_DAYS)).toEqual([7, 30, 90, 365]);
    expect(WELLBEING_STREAK_DAYS).toBe(7);
    expect(UPLOADED_SOURCES).toEqual(['upload', 'gpx_upload', 'uploaded']);
  });

  it('looks medals up by id', () => {
    expect(medalDefinition('night-owl').title).toBe('Night Owl');
    expect(() => medalDefinition('night-hawk')).toThrow(RangeError);
  });

  it('names the medals whose rule changed since a rules version', () => {
    expect(MEDAL_RULES_VERSION).toBe(2);
    expect(medalRuleChangedSince('sub-30-5k', 1)).toBe(true);
    expect(medalRuleChangedSince('sub-60-10k', 1)).toBe(true);
    expect(medalRuleChangedSince('sub-30-5k', 2)).toBe(false);
    expect(medalRuleChangedSince('longest-run', 1)).toBe(false);
  });
});
