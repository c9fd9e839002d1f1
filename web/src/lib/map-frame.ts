/**
 * How every Leaflet map in Stride is framed in the theme: the panel colour wherever a tile is
 * missing (the line stays readable on it), a dimmed attribution, and zoom buttons in the theme's colours.
 */
import { alpha, type Theme } from '@mui/material/styles';

export function mapFrameSx(theme: Theme) {
  return {
    borderRadius: 2,
    overflow: 'hidden',
    '& .leaflet-container': { height: '100%', background: theme.palette.background.default, fontFamily: 'inherit' },
    // Above Leaflet's own stylesheet (loaded with the map, sometimes after these rules), whose own
    // attribution box would leave the dark theme's light text unreadable.
    '& .leaflet-container .leaflet-control-attribution': {
      background: alpha(theme.palette.background.default, 0.85),
      color: theme.palette.text.secondary,
    },
    '& .leaflet-container .leaflet-control-attribution a': { color: theme.palette.text.secondary },
    '& .leaflet-bar a': {
      background: theme.palette.background.paper,
      color: theme.palette.text.primary,
      borderColor: theme.palette.divider,
    },
  } as const;
}
