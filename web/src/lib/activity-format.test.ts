import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_SOURCE_LABELS,
  ACTIVITY_TYPE_LABELS,
  formatActivityDate,
  formatActivityDateLong,
  formatCadence,
  formatFileSize,
  formatHeartRate,
  splitsTitle,
  splitUnitHeading,
} from './activity-format.ts';

describe('activity dates', () => {
  it('shows the wall-clock time where the run happened, whatever the zone of the reader', () => {
    expect(formatActivityDate('2025-06-14T07:32:00')).toBe('Jun 14, 2025, 7:32 AM');
    expect(formatActivityDateLong('2025-06-14T07:32:00')).toBe('Saturday, June 14, 2025 at 7:32 AM');
    expect(formatActivityDate('2025-12-31T23:59:59')).toBe('Dec 31, 2025, 11:59 PM');
  });

  it('ignores what follows the seconds (a zone or fraction) instead of shifting the time', () => {
    expect(formatActivityDate('2025-06-14T07:32:00.000+09:00')).toBe('Jun 14, 2025, 7:32 AM');
  });

  it('shows a text that is not a date as it is', () => {
    expect(formatActivityDate('not a date')).toBe('not a date');
    expect(formatActivityDateLong('')).toBe('');
  });
});

describe('activity figures', () => {
  it('gives file sizes in B, KB and MB with one decimal', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1024.0 KB');
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
