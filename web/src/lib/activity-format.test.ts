import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_SOURCE_LABELS,
  ACTIVITY_TYPE_LABELS,
  formatCadence,
  formatFileSize,
  formatHeartRate,
  splitsTitle,
  splitUnitHeading,
} from './activity-format.ts';

describe('activity figures', () => {
  it('gives file sizes in B, KB and MB with one decimal', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1,023 B');
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1,024.0 KB');
    expect(formatFileSize(5 * 1024 * 1024 + 512 * 1024)).toBe('5.5 MB');
  });

  it('gives heart rate in whole bpm, and a dash for none', () => {
    expect(formatHeartRate(151.6)).toBe('152 bpm');
    expect(formatHeartRate(null)).toBe('—');
    expect(formatHeartRate(0)).toBe('—');
  });

  it('gives cadence in steps per minute, revolutions for a ride, and a dash for none', () => {
    expect(formatCadence(171.4, 'run')).toBe('171 spm');
    expect(formatCadence(88.5, 'ride')).toBe('89 rpm');
    expect(formatCadence(110, 'walk')).toBe('110 spm');
    expect(formatCadence(null, 'run')).toBe('—');
    expect(formatCadence(0, 'ride')).toBe('—');
  });

  it('labels every type and source', () => {
    expect(ACTIVITY_TYPE_LABELS).toEqual({
      run: 'Run',
      ride: 'Ride',
      walk: 'Walk',
      hike: 'Hike',
      swim: 'Swim',
      other: 'Other',
    });
    expect(ACTIVITY_SOURCE_LABELS).toEqual({
      upload: 'Uploaded file',
      strava: 'Strava',
      placeholder: 'Sample',
      manual: 'Manual entry',
    });
  });
});

describe('split labels', () => {
  it('name the splits per mile for imperial readers and per kilometre for metric ones', () => {
    expect([splitsTitle('imperial'), splitUnitHeading('imperial')]).toEqual(['Splits per mile', 'Mile']);
    expect([splitsTitle('metric'), splitUnitHeading('metric')]).toEqual(['Splits per kilometre', 'Km']);
  });
});
