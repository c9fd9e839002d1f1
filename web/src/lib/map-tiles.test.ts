import { describe, expect, it } from 'vitest';
import { mapTilesFor, type MapTileSettings } from './map-tiles.ts';

const SETTINGS: MapTileSettings = {
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapAttribution: '© OpenStreetMap contributors',
  mapTileUrlDark: 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}.png',
  mapAttributionDark: '© OpenStreetMap contributors © CARTO',
};

describe('mapTilesFor', () => {
  it('draws on the light tiles in the light theme', () => {
    expect(mapTilesFor(SETTINGS, 'light')).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
  });

  it('draws on the dark tiles, credited with their own attribution, in the dark theme', () => {
    expect(mapTilesFor(SETTINGS, 'dark')).toEqual({
      url: 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors © CARTO',
    });
  });
});
