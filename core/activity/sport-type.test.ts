import { describe, expect, it } from 'vitest';
import { activityTypeFromSport } from './sport-type.ts';

describe('sport labels to Stride types (spec §3: run, ride or walk)', () => {
  it.each([
    ['running', 'run'],
    ['Running', 'run'],
    ['trail_running', 'run'],
    ['TrailRun', 'run'],
    ['VirtualRun', 'run'],
    ['9', 'run'],
    ['cycling', 'ride'],
    ['Biking', 'ride'],
    ['road_biking', 'ride'],
    ['eBiking', 'ride'],
    ['VirtualRide', 'ride'],
    ['1', 'ride'],
    ['walking', 'walk'],
    ['Walk', 'walk'],
    ['hiking', 'walk'],
    ['Hike', 'walk'],
    ['10', 'walk'],
    ['4', 'walk'],
  ] as const)('%s → %s', (label, type) => {
    expect(activityTypeFromSport(label)).toBe(type);
  });

  it.each(['snorkeling', 'swimming', 'Other', 'training', 'transition', 'jkljkl', '...', '2', 'constructor', '', '  '])(
    '%s → null',
    (label) => {
      expect(activityTypeFromSport(label)).toBeNull();
    },
  );

  it('null and undefined → null', () => {
    expect(activityTypeFromSport(null)).toBeNull();
    expect(activityTypeFromSport(undefined)).toBeNull();
  });
});
