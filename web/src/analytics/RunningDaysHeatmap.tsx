/**
 * My Stride's calendar of running days: the past year as columns of weeks (Sunday to
 * Saturday, as Triple Threat counts them) with a square per day, coloured by the distance run that
 * day against the distance classes of spec §5. Scrolls sideways on small screens, newest week first
 * in view.
 */
import { Box, Stack, Tooltip, Typography } from '@mui/material';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { RunningDays } from '../../../core/medals/api.ts';
import { DISTANCE_CLASS_MILES } from '../../../core/medals/catalogue.ts';
import type { UnitSystem } from '../../../core/profile.ts';
import { formatDistance, METRES_PER_MILE } from '../../../core/units.ts';
import { PALETTE } from '../app/palette.ts';

const CELL = 12;
const GAP = 3;
const PITCH = CELL + GAP;
const MONTH_ROW = 18;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Level 0 is a day without a run; 1–4 climb with the spec §5 classes: 5K, 10K, half marathon. */
const LEVEL_COLOURS = PALETTE.heatmap;
const LEVEL_FROM_METRES = [
  DISTANCE_CLASS_MILES['5k-hero'],
  DISTANCE_CLASS_MILES['10k-warrior'],
  DISTANCE_CLASS_MILES['half-marathon-champion'],
].map((miles) => miles * METRES_PER_MILE);
const LEVEL_LABELS = ['No run', 'Under 5K', '5K–10K', '10K–half', 'Half marathon+'] as const;

const WEEKDAY_LABELS = ['', 'Mon', '', 'Wed', '', 'Fri', ''] as const;

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const monthFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short' });

interface DayCell {
  date: string;
  time: number;
  runs: number;
  distance: number;
  level: number;
}

function level(runs: number, distance: number): number {
  if (runs === 0) {
    return 0;
  }
  return 1 + LEVEL_FROM_METRES.filter((from) => distance >= from).length;
}

/** Calendar days as UTC midnights, so no reader's zone shifts a day. */
function dayTime(isoDay: string): number {
  return Date.parse(`${isoDay}T00:00:00Z`);
}

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Weeks from the Sunday on or before `from` through `to`; days outside the window are null. */
function calendarWeeks(runningDays: RunningDays): (DayCell | null)[][] {
  const byDate = new Map(runningDays.days.map((day) => [day.date, day]));
  const first = dayTime(runningDays.from);
  const last = dayTime(runningDays.to);
  const start = first - new Date(first).getUTCDay() * DAY_MS;
  const weeks: (DayCell | null)[][] = [];
  for (let weekStart = start; weekStart <= last; weekStart += 7 * DAY_MS) {
    const week: (DayCell | null)[] = [];
    for (let weekday = 0; weekday < 7; weekday += 1) {
      const time = weekStart + weekday * DAY_MS;
      if (time < first || time > last) {
        week.push(null);
        continue;
      }
      const date = isoDay(time);
      const day = byDate.get(date);
      const runs = day?.runs ?? 0;
      const distance = day?.distance ?? 0;
      week.push({ date, time, runs, distance, level: level(runs, distance) });
    }
    weeks.push(week);
  }
  return weeks;
}

/** A month's name over the week that holds its 1st (not over the last column: it would not fit). */
function monthLabels(weeks: (DayCell | null)[][]): { week: number; label: string }[] {
  const labels: { week: number; label: string }[] = [];
  weeks.forEach((week, index) => {
    const firstOfMonth = week.find((day) => day !== null && day.date.endsWith('-01'));
    if (firstOfMonth && index < weeks.length - 1) {
      labels.push({ week: index, label: monthFormat.format(firstOfMonth.time) });
    }
  });
  return labels;
}

function describe(day: DayCell, units: UnitSystem): string {
  const date = dayFormat.format(day.time);
  if (day.runs === 0) {
    return `${date}: no run`;
  }
  return `${date}: ${day.runs} ${day.runs === 1 ? 'run' : 'runs'}, ${formatDistance(day.distance, units)}`;
}

export function RunningDaysHeatmap({ runningDays, units }: { runningDays: RunningDays; units: UnitSystem }) {
  const weeks = useMemo(() => calendarWeeks(runningDays), [runningDays]);
  const months = useMemo(() => monthLabels(weeks), [weeks]);
  const scroller = useRef<HTMLDivElement>(null);
  const width = weeks.length * PITCH - GAP;
  const height = MONTH_ROW + 7 * PITCH - GAP;

  // Newest week in view first: the scroller starts at its right end.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) {
      element.scrollLeft = element.scrollWidth;
    }
  }, [weeks]);

  const activeDays = runningDays.days.filter((day) => day.runs > 0);
  const totalRuns = activeDays.reduce((sum, day) => sum + day.runs, 0);
  const totalDistance = activeDays.reduce((sum, day) => sum + day.distance, 0);
  const summary =
    activeDays.length === 0
      ? 'No runs in the past year yet.'
      : `${totalRuns} ${totalRuns === 1 ? 'run' : 'runs'} on ${activeDays.length} ${
          activeDays.length === 1 ? 'day' : 'days'
        } in the past year, ${formatDistance(totalDistance, units)}.`;

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {summary}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Box component="svg" width={26} height={height} aria-hidden sx={{ flexShrink: 0 }}>
          {WEEKDAY_LABELS.map((label, weekday) => (
            <text
              key={weekday}
              x={0}
              y={MONTH_ROW + weekday * PITCH + CELL - 2}
              fontSize={10}
              fill="currentColor"
              opacity={0.6}
            >
              {label}
            </text>
          ))}
        </Box>
        <Box
          ref={scroller}
          tabIndex={0}
          aria-label="Running days, scroll sideways for earlier weeks"
          role="region"
          sx={{
            overflowX: 'auto',
            pb: 1,
            minWidth: 0,
            '&:focus-visible': { outline: 1, outlineColor: 'primary.main' },
          }}
        >
          <svg width={width} height={height} role="img" aria-label={summary}>
            {months.map(({ week, label }) => (
              <text key={`${label}-${week}`} x={week * PITCH} y={11} fontSize={10} fill="currentColor" opacity={0.6}>
                {label}
              </text>
            ))}
            {weeks.map((week, weekIndex) =>
              week.map((day, weekday) =>
                day === null ? null : (
                  <Tooltip key={day.date} title={describe(day, units)} disableInteractive placement="top" arrow>
                    <rect
                      x={weekIndex * PITCH}
                      y={MONTH_ROW + weekday * PITCH}
                      width={CELL}
                      height={CELL}
                      rx={2.5}
                      fill={LEVEL_COLOURS[day.level]}
                      data-date={day.date}
                      data-level={day.level}
                    />
                  </Tooltip>
                ),
              ),
            )}
          </svg>
        </Box>
      </Stack>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary', pl: 4.25 }}
      >
        {LEVEL_LABELS.map((label, index) => (
          <Stack key={label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: CELL, height: CELL, borderRadius: '2.5px', bgcolor: LEVEL_COLOURS[index] }} />
            <Typography variant="caption">{label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
