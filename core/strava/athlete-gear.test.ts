import { describe, expect, it } from 'vitest';
import { stravaAthleteGear, STRAVA_GEAR_FALLBACK_NAMES } from './athlete-gear.ts';

describe("the athlete's Strava gear", () => {
  it('reads shoes and bikes with their names kept, linked by id, once each', () => {
    expect(
      stravaAthleteGear({
        shoes: [
          { id: 'g1', name: ' Nike Pegasus 40 ', distance: 412_000, retired: false },
          { id: 'g2', name: '', retired: true },
          { id: 'g1', name: 'Twice' },
          { name: 'No id' },
          null,
        ],
        bikes: [{ id: 'b9', name: 'x'.repeat(80) }],
      }),
    ).toEqual([
      { stravaGearId: 'g1', kind: 'shoe', name: 'Nike Pegasus 40', retired: false },
      { stravaGearId: 'g2', kind: 'shoe', name: STRAVA_GEAR_FALLBACK_NAMES.shoe, retired: true },
      { stravaGearId: 'b9', kind: 'bike', name: 'x'.repeat(60), retired: false },
    ]);
  });

  it('reads nothing from an athlete without gear lists', () => {
    expect(stravaAthleteGear({ id: 1 })).toEqual([]);
    expect(stravaAthleteGear({ shoes: 'none', bikes: {} })).toEqual([]);
  });
});
