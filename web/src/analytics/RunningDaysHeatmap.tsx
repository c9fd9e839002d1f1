/**
 * My Stride's calendar of running days (running-days-calendar.ts): a square per day in columns
 * of weeks, coloured by the day's level, with month and weekday labels and a legend. Scrolls
 * sideways on small screens, newest week first in view.
 */
import { Box, Stack, Tooltip, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { RunningDays } from '../../../core/medals/api.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { SCHEMES } from '../lib/palette.ts';
import { calendarWeeks, describeDay, describeYear, LEVEL_LABELS, monthLabels } from './running-days-calendar.ts';

const CELL = 12;
const GAP = 3;
const PITCH = CELL + GAP;
const MONTH_ROW = 18;
const WEEKDAY_LABELS = ['', 'Mon', '', 'Wed', '', 'Fri', ''] as const;

export function RunningDaysHeatmap({ runningDays, units }: { runningDays: RunningDays; units: UnitSystem }) {
  const levelColours = SCHEMES[useTheme().palette.mode].heatmap;
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

  const summary = describeYear(runningDays, units);

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
                  <Tooltip
                    key={day.date}
                    title={describeDay(day, units)}
                    // A description while shown, not a label: an SVG rect may not carry aria-label.
                    describeChild
                    disableInteractive
                    placement="top"
                    arrow
                  >
                    <rect
                      x={weekIndex * PITCH}
                      y={MONTH_ROW + weekday * PITCH}
                      width={CELL}
                      height={CELL}
                      rx={2.5}
                      fill={levelColours[day.level]}
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
            <Box sx={{ width: CELL, height: CELL, borderRadius: '2.5px', bgcolor: levelColours[index] }} />
            <Typography variant="caption">{label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
