import { describe, expect, it } from 'vitest';
import {
  archiveGearName,
  defaultRetirementDistance,
  gearKindForSport,
  gearFigure,
  gearInputSchema,
  gearNotices,
  gearProgressText,
  GEAR_MESSAGES,
  retirementShare,
  sameGearName,
  type Gear,
} from './gear.ts';

const shoe = (changes: Partial<Gear>): Gear => ({
  id: 'g1',
  kind: 'shoe',
  name: 'Pegasus 40',
  brand: '',
  model: '',
  startDate: null,
  startingDistance: 0,
  retirementDistance: 800_000,
  retired: false,
  distance: 0,
  movingTime: 0,
  activityCount: 0,
  defaultFor: [],
  stravaGearId: null,
  ...changes,
});

describe('gear', () => {
  it('retires shoes at 800 km, or 500 mi for a runner using miles; other gear has no retirement distance', () => {
    expect(defaultRetirementDistance('shoe', 'metric')).toBe(800_000);
    expect(defaultRetirementDistance('shoe', 'imperial')).toBeCloseTo(804_670, 6);
    expect(defaultRetirementDistance('bike', 'imperial')).toBeNull();
    expect(defaultRetirementDistance('other', 'metric')).toBeNull();
  });

  it('names the gear among an activity’s figures', () => {
    expect(gearFigure(shoe({ distance: 412_300 }), 'metric')).toBe('Shoes: Pegasus 40 · 412 km');
    expect(gearFigure({ kind: 'bike', name: 'Canyon', distance: 1_609_340 }, 'imperial')).toBe(
      'Bike: Canyon · 1,000 mi',
    );
    expect(gearFigure({ kind: 'other', name: 'Poles', distance: 0 }, 'metric')).toBe('Gear: Poles · 0 km');
  });

  it('tells how far towards retirement a gear is', () => {
    expect(retirementShare(shoe({ distance: 400_000 }))).toBe(0.5);
    expect(retirementShare(shoe({ distance: 900_000 }))).toBe(1);
    expect(retirementShare(shoe({ retirementDistance: null }))).toBeNull();
    expect(gearProgressText(shoe({ distance: 412_000 }), 'metric')).toBe('412 of 800 km');
    expect(gearProgressText(shoe({ retirementDistance: null, distance: 12_000 }), 'metric')).toBe('12 km');
  });

  it('gives a dashboard notice for an active shoe from 90 % of its retirement distance on', () => {
    expect(gearNotices([shoe({ distance: 719_999 })], 'metric')).toEqual([]);
    expect(gearNotices([shoe({ distance: 730_000 })], 'metric')).toEqual([
      'Pegasus 40 has run 730 of 800 km: time for new shoes soon.',
    ]);
    expect(gearNotices([shoe({ distance: 820_000 })], 'metric')).toEqual([
      'Pegasus 40 has run 820 of 800 km: time for new shoes.',
    ]);
    expect(gearNotices([shoe({ distance: 460 * 1609.34, retirementDistance: 500 * 1609.34 })], 'imperial')).toEqual([
      'Pegasus 40 has run 460 of 500 mi: time for new shoes soon.',
    ]);
    expect(gearNotices([shoe({ distance: 790_000, retired: true })], 'metric')).toEqual([]);
    expect(gearNotices([shoe({ kind: 'bike', distance: 790_000 })], 'metric')).toEqual([]);
  });

  it('validates new gear with sentences', () => {
    expect(gearInputSchema.safeParse({ kind: 'shoe', name: '' }).error?.issues[0]?.message).toBe(GEAR_MESSAGES.name);
    expect(gearInputSchema.safeParse({ kind: 'shoe', name: 'A', startingDistance: -1 }).error?.issues[0]?.message).toBe(
      GEAR_MESSAGES.startingDistance,
    );
    expect(
      gearInputSchema.safeParse({ kind: 'shoe', name: 'A', startDate: '2026-13-01' }).error?.issues[0]?.message,
    ).toBe(GEAR_MESSAGES.startDate);
    expect(gearInputSchema.parse({ kind: 'shoe', name: 'A', retirementDistance: null })).toEqual({
      kind: 'shoe',
      name: 'A',
      retirementDistance: null,
    });
  });

  it('gives runs, walks and hikes shoes, rides a bike and every other sport other gear', () => {
    expect((['run', 'walk', 'hike', 'ride', 'swim', 'other'] as const).map((type) => gearKindForSport(type))).toEqual([
      'shoe',
      'shoe',
      'shoe',
      'bike',
      'other',
      'other',
    ]);
  });

  it('reads an archive’s gear name as a gear name: trimmed, normal text, at most 60 characters', () => {
    expect(archiveGearName('  Pegasus 40 ')).toBe('Pegasus 40');
    expect(archiveGearName('Trail\tshoes\u202E')).toBe('Trail shoes');
    expect(archiveGearName('   ')).toBeNull();
    expect(archiveGearName('x'.repeat(70))).toBe('x'.repeat(60));
  });

  it('takes gear names as the same gear whatever their case and outer spaces', () => {
    expect(sameGearName(' pegasus 40', 'Pegasus 40 ')).toBe(true);
    expect(sameGearName('PEGASUS 40', 'pegasus 40')).toBe(true);
    expect(sameGearName('Pegasus 40', 'Pegasus 41')).toBe(false);
    expect(sameGearName('Pegasus  40', 'Pegasus 40')).toBe(false);
  });
});
