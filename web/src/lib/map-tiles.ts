/**
 * Which tiles a map draws on: the server's light tiles (MAP_TILE_URL), or its dark ones
 * (MAP_TILE_URL_DARK) when the runner's profile has dark mode on, each with its own attribution.
 * Every Leaflet map in Stride takes its tiles from here.
 */

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

export function mapTilesFor(settings: MapTileSettings, darkMode: boolean): MapTiles {
  return darkMode
    ? { url: settings.mapTileUrlDark, attribution: settings.mapAttributionDark }
    : { url: settings.mapTileUrl, attribution: settings.mapAttribution };
}
