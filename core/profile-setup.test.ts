import { describe, expect, it } from 'vitest';
import { settingsToChoose } from './profile-setup.ts';

const CREATED = '2026-11-20T08:00:00.000Z';
const SAVED = '2026-11-21T09:30:00.000Z';

describe('settingsToChoose', () => {
  it('asks for units and location on a new profile', () => {
    expect(settingsToChoose({ location: '', createdAt: CREATED, updatedAt: CREATED })).toEqual(['units', 'location']);
  });

  it('still asks for a location once units were saved', () => {
    expect(settingsToChoose({ location: '', createdAt: CREATED, updatedAt: SAVED })).toEqual(['location']);
  });

  it('treats a blank location as none', () => {
    expect(settingsToChoose({ location: '   ', createdAt: CREATED, updatedAt: SAVED })).toEqual(['location']);
  });

  it('still asks for units when a location came without the runner saving their settings', () => {
    expect(settingsToChoose({ location: 'Berlin', createdAt: CREATED, updatedAt: CREATED })).toEqual(['units']);
  });

  it('asks for nothing once units and location are set', () => {
    expect(settingsToChoose({ location: 'Berlin', createdAt: CREATED, updatedAt: SAVED })).toEqual([]);
  });
});
