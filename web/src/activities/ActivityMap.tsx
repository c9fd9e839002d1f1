/**
 * The track on a Leaflet map: the route (one line per recorded segment: a gap between a file's
 * tracks or segments was not travelled and is not drawn), a start (green) and end (red) dot and a
 * dot that follows the point hovered on the charts. Tiles come from the server's configuration, light
 * or dark by the runner's dark-mode preference; when they cannot load (offline, blocked, no tile
 * server) the route still draws on the dark background. Circle
 * markers instead of Leaflet's default image icons, whose PNGs a bundler does not resolve.
 *
 * A button in the map's corner ("Full screen map", then "Exit full screen map") makes it fill the
 * window at every width; Escape brings it back too.
 */
import 'leaflet/dist/leaflet.css';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { Box, IconButton, Tooltip as MuiTooltip } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { latLngBounds, type LatLngBounds, type LatLngExpression, type LatLngTuple } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { segmentRanges } from '../../../core/activity/display-track.ts';
import type { DisplayTrack } from '../../../core/activity/schemas.ts';
import { mapFrameSx } from '../lib/map-frame.ts';
import { useMapTiles } from '../lib/use-map-tiles.ts';
import { PALETTE } from '../lib/palette.ts';

export interface ActivityMapProps {
  track: DisplayTrack;
  /** Index into the track of the point hovered on a chart. */
  hoverIndex: number | null;
}

const START_COLOUR = PALETTE.routeStart;
const END_COLOUR = PALETTE.routeEnd;

const FULL_SCREEN = 'Full screen map';
const EXIT_FULL_SCREEN = 'Exit full screen map';

/** Leaflet measures its box once: after a resize (full screen and back) it measures again and refits the route. */
function RefitOnResize({ fullScreen, bounds }: { fullScreen: boolean; bounds: LatLngBounds }) {
  const map = useMap();
  useEffect(() => {
    map.invalidateSize({ animate: false });
    map.fitBounds(bounds, { padding: [24, 24], animate: false });
  }, [map, fullScreen, bounds]);
  return null;
}

export function ActivityMap({ track, hoverIndex }: ActivityMapProps) {
  const theme = useTheme();
  const tiles = useMapTiles();
  const positions = useMemo<LatLngTuple[]>(() => track.lat.map((lat, i) => [lat, track.lon[i] as number]), [track]);
  const lines = useMemo<LatLngTuple[][]>(
    () => segmentRanges(positions.length, track.segmentStarts).map(([from, to]) => positions.slice(from, to)),
    [positions, track.segmentStarts],
  );
  const bounds = useMemo(() => latLngBounds(positions), [positions]);
  const first = positions[0];
  const last = positions[positions.length - 1];
  const hovered: LatLngExpression | undefined = hoverIndex === null ? undefined : positions[hoverIndex];
  const [fullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    if (!fullScreen) {
      return undefined;
    }
    const leaveOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setFullScreen(false);
      }
    };
    document.addEventListener('keydown', leaveOnEscape);
    return () => document.removeEventListener('keydown', leaveOnEscape);
  }, [fullScreen]);
  const toggleLabel = fullScreen ? EXIT_FULL_SCREEN : FULL_SCREEN;

  return (
    <Box
      data-testid="activity-map"
      sx={{
        height: { xs: 320, md: 420 },
        position: 'relative',
        ...mapFrameSx(theme),
        ...(fullScreen && { position: 'fixed', inset: 0, height: '100%', borderRadius: 0, zIndex: theme.zIndex.modal }),
      }}
    >
      <MuiTooltip title={toggleLabel}>
        <IconButton
          aria-label={toggleLabel}
          onClick={() => setFullScreen((open) => !open)}
          size="small"
          sx={{
            position: 'absolute',
            top: 10,
            right: 10,
            // Above Leaflet's panes and controls (z-index up to 1000).
            zIndex: 1001,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            '&:hover': { bgcolor: 'background.paper' },
          }}
        >
          {fullScreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
        </IconButton>
      </MuiTooltip>
      <MapContainer
        bounds={bounds}
        boundsOptions={{ padding: [24, 24] }}
        scrollWheelZoom={false}
        zoomSnap={0.25}
        preferCanvas
      >
        <RefitOnResize fullScreen={fullScreen} bounds={bounds} />
        {tiles && <TileLayer key={tiles.url} url={tiles.url} attribution={tiles.attribution} />}
        <Polyline positions={lines} pathOptions={{ color: theme.palette.primary.main, weight: 4, opacity: 0.95 }} />
        {first && (
          <CircleMarker
            center={first}
            radius={7}
            pathOptions={{
              color: theme.palette.background.default,
              weight: 2,
              fillColor: START_COLOUR,
              fillOpacity: 1,
            }}
          >
            <Tooltip>Start</Tooltip>
          </CircleMarker>
        )}
        {last && positions.length > 1 && (
          <CircleMarker
            center={last}
            radius={7}
            pathOptions={{ color: theme.palette.background.default, weight: 2, fillColor: END_COLOUR, fillOpacity: 1 }}
          >
            <Tooltip>Finish</Tooltip>
          </CircleMarker>
        )}
        {hovered && (
          <CircleMarker
            center={hovered}
            radius={8}
            pathOptions={{ color: PALETTE.white, weight: 3, fillColor: theme.palette.primary.main, fillOpacity: 1 }}
          />
        )}
      </MapContainer>
    </Box>
  );
}
