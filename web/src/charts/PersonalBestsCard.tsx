/**
 * The runner's personal bests: per distance the fastest three with date, pace and a link to the
 * run, and a progression chart of the chosen distance (each time the best was beaten).
 */
import {
  Alert,
  Box,
  Card,
  CardContent,
  LinearProgress,
  Link,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { rankText } from '../../../core/running/activity-best-efforts.ts';
import { stravaEffortsProgressText, type PersonalBests } from '../../../core/running/best-efforts-api.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { formatDuration, formatPace } from '../lib/format.ts';
import { CHART_HEIGHT } from '../components/ChartCard.tsx';
import { dayTime, formatDay, timeAxis } from './chart-series.ts';
import { figure, useChartStyle } from '../lib/chart-style.ts';
import { PACE_EXTREMES, chartSummary } from '../lib/chart-summary.ts';
import { usePersonalBests } from '../lib/personal-bests-api.ts';
import { timeTicks } from '../lib/time-ticks.ts';

type Distance = PersonalBests['distances'][number];

function Progression({ label, steps }: { label: string; steps: PersonalBests['progression']['steps'] }) {
  const style = useChartStyle();
  if (steps.length < 2) {
    return null;
  }
  // Steps often lie years apart: a time axis, so the gaps are true and every tick names its year.
  const axis = timeAxis(steps.map((step) => step.date));
  const seconds = steps.map((step) => step.seconds);
  const times = timeTicks(Math.min(...seconds), Math.max(...seconds));
  const data = steps.map((step) => ({ ...step, time: dayTime(step.date) }));
  return (
    <Box
      data-testid="chart-progression"
      role="img"
      aria-label={chartSummary({
        title: `${label} personal best over time`,
        labels: steps.map((step) => formatDay(step.date)),
        noun: ['record', 'records'],
        series: [
          { name: label, values: steps.map((step) => step.seconds), format: formatDuration, extremes: PACE_EXTREMES },
        ],
      })}
      sx={{ width: '100%', height: CHART_HEIGHT, mt: 2 }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid {...style.grid} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={axis.domain}
            ticks={axis.ticks}
            {...style.axis}
            tickFormatter={axis.label}
            minTickGap={24}
          />
          <YAxis
            {...style.axis}
            reversed
            domain={times.domain}
            ticks={times.ticks}
            tickFormatter={formatDuration}
            width={56}
          />
          <Tooltip
            {...style.tooltip}
            labelFormatter={(time) =>
              typeof time === 'number' ? formatDay(new Date(time).toISOString().slice(0, 10)) : ''
            }
            formatter={figure(formatDuration)}
          />
          <Line dataKey="seconds" name={label} stroke={style.primary} strokeWidth={2} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** While Strava runs' best efforts are still being read in the background: how many are in. */
function StravaEffortsProgress({ progress }: { progress: PersonalBests['stravaEfforts'] }) {
  const text = stravaEffortsProgressText(progress);
  if (text === null) {
    return null;
  }
  return (
    <Box data-testid="strava-efforts-progress" sx={{ mt: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(progress.read / progress.runs) * 100}
        aria-label="Strava runs read"
        sx={{ mt: 0.75 }}
      />
    </Box>
  );
}

function DistanceBests({
  distance,
  progression,
  units,
}: {
  distance: Distance;
  progression: PersonalBests['progression'];
  units: UnitSystem;
}) {
  if (distance.efforts.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        No run of yours covers {distance.label} yet. Runs without a distance stream (treadmill, indoor) are not counted.
      </Typography>
    );
  }
  return (
    <Box>
      <Stack spacing={1.25} sx={{ mt: 1.5 }}>
        {distance.efforts.map((effort) => (
          <Stack key={effort.activityId} direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
            <Typography sx={{ width: 110, flexShrink: 0 }} color={effort.rank === 1 ? 'primary' : 'text.secondary'}>
              {rankText(effort.rank)}
            </Typography>
            <Typography sx={{ fontWeight: 600, width: 80, flexShrink: 0 }}>{formatDuration(effort.seconds)}</Typography>
            <Typography color="text.secondary" sx={{ width: 80, flexShrink: 0, display: { xs: 'none', sm: 'block' } }}>
              {formatPace(distance.metres / effort.seconds, units)}
            </Typography>
            <Link component={RouterLink} to={`/activities/${effort.activityId}`} noWrap sx={{ minWidth: 0 }}>
              {formatDay(effort.date)} · {effort.activityName}
            </Link>
          </Stack>
        ))}
      </Stack>
      {progression.distanceId === distance.distanceId && (
        <Progression label={distance.label} steps={progression.steps} />
      )}
    </Box>
  );
}

export function PersonalBestsCard({ units }: { units: UnitSystem }) {
  const [selected, setSelected] = useState('5k');
  const bests = usePersonalBests(selected);
  const distance = bests.data?.distances.find((entry) => entry.distanceId === selected);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          Personal bests
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The fastest stretch of each distance within your runs, not only whole races.
        </Typography>
        {bests.error && <Alert severity="error">{bests.error.message}</Alert>}
        {bests.isPending && <Skeleton variant="rounded" height={160} sx={{ mt: 1.5 }} />}
        {bests.data && (
          <>
            <StravaEffortsProgress progress={bests.data.stravaEfforts} />
            <Tabs
              value={selected}
              onChange={(_, value: string) => setSelected(value)}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label="Distance"
              sx={{ mt: 1 }}
            >
              {bests.data.distances.map((entry) => (
                <Tab key={entry.distanceId} value={entry.distanceId} label={entry.label} />
              ))}
            </Tabs>
            {distance && <DistanceBests distance={distance} progression={bests.data.progression} units={units} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
