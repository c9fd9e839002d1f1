import { describe, expect, it } from 'vitest';
import { ACTIVITY_BULK_TEXTS } from './activity-bulk.ts';

const german = (count: number) => count.toLocaleString('de-DE');

describe('the bulk action texts', () => {
  it('write counts with the formatter handed in, and choose the noun by the number', () => {
    expect(ACTIVITY_BULK_TEXTS.selected(1234, german)).toBe('1.234 selected');
    expect(ACTIVITY_BULK_TEXTS.confirmTitle(1, german)).toBe('Delete 1 activity?');
    expect(ACTIVITY_BULK_TEXTS.confirmTitle(1500, german)).toBe('Delete 1.500 activities?');
    expect(ACTIVITY_BULK_TEXTS.deleted(2, german)).toBe('2 activities deleted.');
    expect(ACTIVITY_BULK_TEXTS.changed(1, german)).toBe('1 activity changed.');
    expect(ACTIVITY_BULK_TEXTS.gearTitle(3, german)).toBe('Change the gear of 3 activities');
  });
});
