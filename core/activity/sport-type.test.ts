import { describe, expect, it } from 'vitest';
import { activityTypeFromFitSport, activityTypeFromSport } from './sport-type.ts';

describe('sport labels to Stride types', () => {
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
    ['hiking', 'hike'],
    ['Hike', 'hike'],
    ['10', 'walk'],
    ['4', 'hike'],
    ['swimming', 'swim'],
    ['Swim', 'swim'],
    ['open_water', 'swim'],
    ['snorkeling', 'swim'],
    ['Other', 'other'],
  ] as const)('%s → %s', (label, type) => {
    expect(activityTypeFromSport(label)).toBe(type);
  });

  it.each(['training', 'transition', 'jkljkl', '...', '2', 'constructor', '', '  '])('%s → null', (label) => {
    expect(activityTypeFromSport(label)).toBeNull();
  });

  it('null and undefined → null', () => {
    expect(activityTypeFromSport(null)).toBeNull();
    expect(activityTypeFromSport(undefined)).toBeNull();
  });
});

describe('FIT sport and sub_sport to Stride types: the file decides, the speed guess only when it says nothing', () => {
  it.each([
    ['running', 'generic', 'run'],
    ['running', 'trail', 'run'],
    ['running', 'treadmill', 'run'],
    ['running', undefined, 'run'],
    ['cycling', 'indoorCycling', 'ride'],
    ['cycling', 'road', 'ride'],
    ['eBiking', undefined, 'ride'],
    ['walking', 'casualWalking', 'walk'],
    ['hiking', undefined, 'hike'],
    ['swimming', 'lapSwimming', 'swim'],
    ['swimming', 'openWater', 'swim'],
    ['snorkeling', undefined, 'swim'],
    ['training', 'yoga', 'other'],
    ['rowing', 'generic', 'other'],
    ['alpineSkiing', 'downhill', 'other'],
    ['generic', 'treadmill', 'run'],
    ['generic', 'indoorCycling', 'ride'],
    ['generic', 'yoga', 'other'],
  ] as const)('%s / %s → %s', (sport, subSport, type) => {
    expect(activityTypeFromFitSport(sport, subSport)).toBe(type);
  });

  it.each([
    [undefined, undefined],
    ['generic', undefined],
    ['generic', 'generic'],
    ['all', 'all'],
    ['transition', 'generic'],
    ['transition', 'treadmill'],
    ['  ', null],
  ] as const)('%s / %s → null (the file says nothing: the speed guess decides)', (sport, subSport) => {
    expect(activityTypeFromFitSport(sport, subSport)).toBeNull();
  });
});
