import { describe, expect, it } from 'vitest';
import { PACE_INPUT_ERRORS, parseDistance, parsePace, parseSpeed, parseTime, solvePace } from './pace.ts';
import { METRES_PER_MILE, metresPerUnit } from '../units.ts';

describe('parseTime', () => {
  it.each([
    ['1:55:00', 6900],
    ['55:00', 3300],
    ['25:30.5', 1530.5],
    [' 45:00 ', 2700],
    ['0:59', 59],
  ])('reads %s as %d s', (text, seconds) => {
    expect(parseTime(text)).toEqual({ value: seconds });
  });

  it.each(['', 'abc', '45', '1:60', '1:60:00', '45:00:00:00', '4:5x'])('rejects %j with the time sentence', (text) => {
    expect(parseTime(text)).toEqual({ error: PACE_INPUT_ERRORS.time });
  });

  it('rejects a zero time', () => {
    expect(parseTime('0:00')).toEqual({ error: PACE_INPUT_ERRORS.notPositive });
  });
});

describe('parsePace', () => {
  it.each([
    ['4:30/km', 0.27],
    ['4:30 min/km', 0.27],
    ['4:30 /KM', 0.27],
    ['7:15/mi', 435 / 1609.34],
    ['7:15 per mile', 435 / 1609.34],
  ])('reads %s', (text, secondsPerMetre) => {
    const parsed = parsePace(text);
    expect('value' in parsed && parsed.value).toBeCloseTo(secondsPerMetre, 12);
  });

  it.each(['4:30', '4:30/yd', 'fast', '4:75/km'])('rejects %j with the pace sentence', (text) => {
    expect(parsePace(text)).toEqual({ error: PACE_INPUT_ERRORS.pace });
  });
});

describe('parseDistance', () => {
  it.each([
    ['13.1 mi', 13.1 * 1609.34],
    ['21.0975 km', 21_097.5],
    ['5k', 5000],
    ['10K', 10_000],
    ['400 m', 400],
    ['half', 21_097.5],
    ['Marathon', 42_195],
    ['3 miles', 3 * 1609.34],
  ])('reads %s', (text, metres) => {
    const parsed = parseDistance(text);
    expect('value' in parsed && parsed.value).toBeCloseTo(metres, 9);
  });

  it.each(['', '10', 'ten km', '5 furlongs', 'k'])('rejects %j with the distance sentence', (text) => {
    expect(parseDistance(text)).toEqual({ error: PACE_INPUT_ERRORS.distance });
  });

  it('rejects a zero distance', () => {
    expect(parseDistance('0 km')).toEqual({ error: PACE_INPUT_ERRORS.notPositive });
  });
});

describe('solvePace', () => {
  it('10K in 45:00 is 4:30/km and 7:14.6/mi', () => {
    const solved = solvePace({ metres: 10_000, seconds: 2700 });
    expect(solved?.secondsPerMetre).toBeCloseTo(0.27, 12);
    expect((solved?.secondsPerMetre ?? 0) * metresPerUnit('metric')).toBeCloseTo(270, 9);
    expect((solved?.secondsPerMetre ?? 0) * metresPerUnit('imperial')).toBeCloseTo(434.52, 2);
  });

  it('gives the time from distance and pace, and the distance from time and pace', () => {
    expect(solvePace({ metres: 42_195, secondsPerMetre: 0.3 })?.seconds).toBeCloseTo(12_658.5, 9);
    expect(solvePace({ seconds: 1500, secondsPerMetre: 0.3 })?.metres).toBeCloseTo(5000, 9);
  });

  it('needs two of the three', () => {
    expect(solvePace({ metres: 5000 })).toBeUndefined();
  });
});

describe('parseSpeed', () => {
  it('reads 12 km/h as 5:00/km and 10 mph as 6:00/mi', () => {
    const kmh = parseSpeed('12 km/h', 'imperial');
    const mph = parseSpeed('10mph', 'metric');
    expect('value' in kmh && kmh.value * 1000).toBeCloseTo(300, 9);
    expect('value' in mph && mph.value * 1609.34).toBeCloseTo(360, 9);
  });

  it('reads a bare number in the runner’s units: km/h for metric, mph for imperial', () => {
    const metric = parseSpeed('12', 'metric');
    const imperial = parseSpeed(' 7.5 ', 'imperial');
    expect('value' in metric && metric.value * 1000).toBeCloseTo(300, 9);
    expect('value' in imperial && imperial.value * METRES_PER_MILE).toBeCloseTo(480, 9);
  });

  it.each(['fast', '12 m/s', '12 km', ''])('rejects %j with the speed sentence', (text) => {
    expect(parseSpeed(text, 'metric')).toEqual({ error: PACE_INPUT_ERRORS.speed });
  });
});
