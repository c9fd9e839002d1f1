/**
 * One profile chart over distance (elevation, pace, speed or heart rate): a line or filled area on
 * a shared distance axis, with the readout tooltip, joined to its siblings' hover by one Recharts
 * syncId and reporting the hovered point upwards. Its text alternative is the profile in words
 * (lowest, highest and latest value, and where).
 */
import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { distanceUnitLabel } from '../../../core/units.ts';
import { ReadoutTooltip } from './ReadoutTooltip.tsx';
import { distanceTicks, profileSummary, type ProfileMetric as Metric, type ProfileSeries } from './track-series.ts';
import { formatNumber } from '../lib/format.ts';

export interface ChartsProps {
  series: ProfileSeries;
  units: UnitSystem;
  /** Index into series.points, or null when the pointer leaves. */
  onHover: (pointIndex: number | null) => void;
}

const CHART_HEIGHT = 170;
const SYNC_ID = 'activity-profile';

export function ProfileChart({
  title,
  metric,
  colour,
  series,
  units,
  onHover,
  area,
  reversed,
  yAxis,
  tickFormatter,
}: ChartsProps & {
  title: ReactNode;
  metric: Metric;
  colour: string;
  area?: boolean;
  reversed?: boolean;
  /** A fixed scale; otherwise Recharts fits the data. */
  yAxis?: { domain: [number, number]; ticks: number[] } | undefined;
  tickFormatter: (value: number) => string;
}) {
  const theme = useTheme();
  const maxX = series.points[series.points.length - 1]?.x ?? 0;
  const xTicks = distanceTicks(maxX);
  const axisTick = { fill: theme.palette.text.secondary, fontSize: 12 };
  const handlers = {
    syncId: SYNC_ID,
    // The box is an image labelled with the profile in words; the pointer shows the readout.
    accessibilityLayer: false,
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
    onMouseMove: (state: { activeTooltipIndex?: number | string | null }) => {
      const index = Number(state.activeTooltipIndex);
      onHover(
        state.activeTooltipIndex === null || state.activeTooltipIndex === undefined || Number.isNaN(index)
          ? null
          : index,
      );
    },
    onMouseLeave: () => onHover(null),
  };
  const common = (
    <>
      <CartesianGrid stroke={theme.palette.divider} vertical={false} />
      <XAxis
        dataKey="x"
        type="number"
        domain={[0, maxX]}
        ticks={xTicks}
        tick={axisTick}
        tickFormatter={(value: number) => `${formatNumber(value, 2)} ${distanceUnitLabel(units)}`}
        stroke={theme.palette.divider}
      />
      <YAxis
        tick={axisTick}
        stroke={theme.palette.divider}
        width={52}
        reversed={reversed}
        domain={yAxis?.domain ?? ['auto', 'auto']}
        ticks={yAxis?.ticks}
        interval={yAxis ? 0 : 'preserveEnd'}
        allowDataOverflow={yAxis !== undefined}
        tickFormatter={tickFormatter}
        allowDecimals={false}
      />
      <Tooltip
        content={(props: TooltipContentProps) => <ReadoutTooltip {...props} metric={metric} units={units} />}
        cursor={{ stroke: theme.palette.text.secondary, strokeDasharray: '3 3' }}
        isAnimationActive={false}
      />
    </>
  );
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box
        data-testid={`chart-${metric}`}
        role="img"
        aria-label={profileSummary(metric, series.points, units)}
        // A tap focuses the chart's SVG; only keyboard focus should draw an outline.
        sx={{ width: '100%', height: CHART_HEIGHT, '& :focus:not(:focus-visible)': { outline: 'none' } }}
      >
        <ResponsiveContainer width="100%" height="100%">
          {area ? (
            <AreaChart data={series.points} {...handlers}>
              {common}
              <Area
                dataKey={metric}
                type="monotone"
                stroke={colour}
                fill={colour}
                fillOpacity={0.18}
                strokeWidth={2}
                dot={false}
                activeDot={{ r: 4 }}
                isAnimationActive={false}
                connectNulls
              />
            </AreaChart>
          ) : (
            <LineChart data={series.points} {...handlers}>
              {common}
              <Line
                dataKey={metric}
                type="monotone"
                stroke={colour}
                strokeWidth={2}
                dot={false}
                activeDot={{ r: 4 }}
                isAnimationActive={false}
                connectNulls
              />
            </LineChart>
          )}
        </ResponsiveContainer>
      </Box>
    </Box>
  );
}
