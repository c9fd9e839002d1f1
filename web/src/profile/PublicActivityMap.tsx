/**
 * An uploaded activity's map on the public profile: only the lines the server sent, already clipped
 * by the runner's privacy zones and with the start and end cut off (core/profile-privacy.ts), so it
 * has no start or finish dot. It is a still picture (no dragging, zoom or keyboard) named by its
 * label, so nothing inside it takes focus; the tiles' attribution is a caption under it.
 */
import 'leaflet/dist/leaflet.css';
import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { latLngBounds } from 'leaflet';
import { useMemo } from 'react';
import { MapContainer, Polyline, TileLayer } from 'react-leaflet';
import type { MapPoint } from '../../../core/profile-privacy.ts';
import { useMapTiles } from '../lib/use-map-tiles.ts';
import { mapFrameSx } from '../lib/map-frame.ts';

/** The attribution's words without its markup: "© OpenStreetMap contributors". */
function attributionText(html: string): string {
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();
}

export function PublicActivityMap({ lines, label }: { lines: MapPoint[][]; label: string }) {
  const theme = useTheme();
  const tiles = useMapTiles();
  const bounds = useMemo(() => latLngBounds(lines.flat()), [lines]);
  return (
    <Box>
      <Box role="img" aria-label={label} data-testid="public-activity-map" sx={{ height: 200, ...mapFrameSx(theme) }}>
        <MapContainer
          bounds={bounds}
          boundsOptions={{ padding: [16, 16] }}
          scrollWheelZoom={false}
          dragging={false}
          zoomControl={false}
          keyboard={false}
          attributionControl={false}
          preferCanvas
        >
          {tiles && <TileLayer url={tiles.url} />}
          <Polyline positions={lines} pathOptions={{ color: theme.palette.primary.main, weight: 4, opacity: 0.95 }} />
        </MapContainer>
      </Box>
      {tiles?.attribution && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {attributionText(tiles.attribution)}
        </Typography>
      )}
    </Box>
  );
}
