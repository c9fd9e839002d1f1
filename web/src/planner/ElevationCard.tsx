/** The route's elevation profile over distance (recharts), shown only when the elevation service answered. */
import { Card, CardContent, Typography } from '@mui/material';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import type { ProfilePoint } from '../../../core/routes/elevation-profile.ts';
import { distanceInUnits, distanceUnitLabel, elevationInUnits, elevationUnitLabel } from '../../../core/units.ts';
import { figure, useChartStyle } from '../lib/chart-style.ts';
import { chartSummary } from '../lib/chart-summary.ts';
import { formatNumber } from '../lib/format.ts';

export function ElevationCard({ profile, units }: { profile: readonly ProfilePoint[]; units: UnitSystem }) {
  const style = useChartStyle();
  const data = profile.map((p) => ({
    x: distanceInUnits(p.distance, units),
    elevation: Math.round(elevationInUnits(p.elevation, units)),
  }));
  const distanceUnit = distanceUnitLabel(units);
  const elevationUnit = elevationUnitLabel(units);
  const summary = chartSummary({
    title: 'Elevation profile',
    labels: data.map((point) => `at ${formatNumber(point.x, 2)} ${distanceUnit}`),
    noun: ['point', 'points'],
    range: `over ${formatNumber(data[data.length - 1]?.x ?? 0, 2)} ${distanceUnit}`,
    series: [
      {
        name: 'Elevation',
        values: data.map((point) => point.elevation),
        format: (value) => `${formatNumber(value)} ${elevationUnit}`,
      },
    ],
  });
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Elevation
        </Typography>
        <div data-testid="route-elevation" role="img" aria-label={summary} style={{ width: '100%', height: 180 }}>
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid {...style.grid} />
              <XAxis
                dataKey="x"
                type="number"
                domain={[0, 'dataMax']}
                {...style.axis}
                tickFormatter={(value: number) => `${formatNumber(value, 1)} ${distanceUnit}`}
              />
              <YAxis {...style.axis} width={56} domain={['auto', 'auto']} unit={` ${elevationUnit}`} />
              <Tooltip
                {...style.tooltip}
                labelFormatter={(value) => `${formatNumber(Number(value), 2)} ${distanceUnit}`}
                formatter={figure((value) => `${value} ${elevationUnit}`)}
              />
              <Area
                dataKey="elevation"
                name="Elevation"
                type="monotone"
                stroke={style.primary}
                fill={style.primary}
                fillOpacity={0.18}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}
