/** What every chart of the Charts page shares: axis text, grid, tooltip box, in the theme's colours. */
import { useTheme } from '@mui/material/styles';

export function useChartStyle() {
  const theme = useTheme();
  return {
    axis: { tick: { fill: theme.palette.text.secondary, fontSize: 12 }, stroke: theme.palette.divider },
    grid: { stroke: theme.palette.divider, vertical: false },
    tooltip: {
      contentStyle: {
        background: theme.palette.background.paper,
        border: `1px solid ${theme.palette.divider}`,
        borderRadius: 8,
        color: theme.palette.text.primary,
      },
      labelStyle: { color: theme.palette.text.secondary },
      cursor: { fill: theme.palette.action.hover },
      isAnimationActive: false,
    },
    primary: theme.palette.primary.main,
    secondary: theme.palette.secondary.main,
    muted: theme.palette.text.disabled,
  };
}

/** A tooltip formatter for numeric series: the figure as text, "—" where a bucket has none. */
export function figure(format: (value: number) => string): (value: unknown) => string {
  return (value) => (typeof value === 'number' && Number.isFinite(value) ? format(value) : '—');
}
