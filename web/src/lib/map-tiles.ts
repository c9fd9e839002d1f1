/**
 * Which tiles a map draws on: the server's light tiles (MAP_TILE_URL) in the light theme, its dark
 * ones (MAP_TILE_URL_DARK) in the dark theme, each with its own attribution. Every Leaflet map in
 * Stride takes its tiles from here.
 */
import type { ColorScheme } from './palette.ts';

/** The map settings of GET /api/config. */
export interface MapTileSettings {
  mapTileUrl: string;
  mapAttribution: string;
  mapTileUrlDark: string;
  mapAttributionDark: string;
}

export interface MapTiles {
  /** A Leaflet {z}/{x}/{y} URL template. */
  url: string;
  attribution: string;
}

export function mapTilesFor(settings: MapTileSettings, scheme: ColorScheme): MapTiles {
  return scheme === 'dark'
    ? { url: settings.mapTileUrlDark, attribution: settings.mapAttributionDark }
    : { url: settings.mapTileUrl, attribution: settings.mapAttribution };
}
