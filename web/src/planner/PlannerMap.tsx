/**
 * The planner's Leaflet map with the server's configured tiles (dark ones for a runner with dark mode on): the drawn line, the waypoints and
 * the distance markers. When tiles cannot load the route still draws on the dark background.
 */
import 'leaflet/dist/leaflet.css';
import { Box } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { MapContainer, Polyline, TileLayer } from 'react-leaflet';
import type { DistanceMarker, LatLng } from '../../../core/routes/geometry.ts';
import { useMapTiles } from '../lib/use-map-tiles.ts';
import { mapFrameSx } from '../lib/map-frame.ts';
import { PALETTE } from '../lib/palette.ts';
import { DistanceMarkers, FitToLine, TapToAdd, WaypointMarkers } from './map-layers.tsx';

/** Where an empty planner opens: central London, at street level. */
const DEFAULT_CENTRE: [number, number] = [51.5055, -0.0754];
const DEFAULT_ZOOM = 14;

export interface PlannerMapProps {
  line: readonly LatLng[];
  waypoints: readonly LatLng[];
  markers: readonly DistanceMarker[];
  fitKey: number;
  onAdd: (point: LatLng) => void;
  onMove: (index: number, point: LatLng) => void;
  onRemove: (index: number) => void;
}

export function PlannerMap({ line, waypoints, markers, fitKey, onAdd, onMove, onRemove }: PlannerMapProps) {
  const theme = useTheme();
  const tiles = useMapTiles();
  const frame = mapFrameSx(theme);
  const dot = { border: `3px solid ${theme.palette.background.default}`, borderRadius: '50%', width: 20, height: 20 };
  return (
    <Box
      data-testid="planner-map"
      sx={{
        height: { xs: 380, md: 440 },
        ...frame,
        // Larger zoom buttons: they are tapped on a phone.
        '& .leaflet-bar a': {
          ...frame['& .leaflet-bar a'],
          width: 40,
          height: 40,
          lineHeight: '40px',
        },
        '& .planner-waypoint': { display: 'flex', alignItems: 'center', justifyContent: 'center' },
        '& .planner-waypoint-dot': { ...dot, display: 'block', background: theme.palette.primary.main },
        '& .planner-waypoint-start': { background: PALETTE.routeStart },
        '& .planner-waypoint-end': { background: PALETTE.routeEnd },
        '& .planner-distance span': {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 22,
          height: 22,
          borderRadius: '50%',
          background: theme.palette.background.paper,
          border: `2px solid ${theme.palette.primary.main}`,
          color: theme.palette.text.primary,
          fontSize: 11,
          fontWeight: 700,
        },
      }}
    >
      <MapContainer center={DEFAULT_CENTRE} zoom={DEFAULT_ZOOM} scrollWheelZoom doubleClickZoom={false}>
        {tiles && <TileLayer key={tiles.url} url={tiles.url} attribution={tiles.attribution} />}
        <Polyline
          positions={line.map((p) => [p.lat, p.lng])}
          interactive={false}
          pathOptions={{ color: theme.palette.primary.main, weight: 5, opacity: 0.95 }}
        />
        <DistanceMarkers markers={markers} />
        <WaypointMarkers waypoints={waypoints} onMove={onMove} onRemove={onRemove} />
        <TapToAdd onAdd={onAdd} />
        <FitToLine line={line} fitKey={fitKey} />
      </MapContainer>
    </Box>
  );
}
