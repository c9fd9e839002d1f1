/**
 * The tiles every map draws on: the server's light or dark tiles by the theme the screens show
 * (map-tiles.ts); undefined until the server's settings have loaded.
 */
import { useTheme } from '@mui/material/styles';
import { mapTilesFor, type MapTiles } from './map-tiles.ts';
import { useServerConfig } from './server-config.ts';

export function useMapTiles(): MapTiles | undefined {
  const scheme = useTheme().palette.mode;
  const config = useServerConfig();
  return config.data ? mapTilesFor(config.data, scheme) : undefined;
}
