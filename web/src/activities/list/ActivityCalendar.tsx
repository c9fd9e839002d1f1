/**
 * The activity list as a month calendar: the month's weeks, each starting on the locale's first day,
 * each activity on its local day (sport icon, a name of up to two lines and the distance, linking to
 * it; the neighbouring months' days of the first and last rows too), and the week's total distance
 * over all seven days in the last column. On a phone each week is a block of per-day rows, only the days with activities.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, IconButton, Link, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ActivitySummary } from '../../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../../core/unit-system.ts';
import { firstDayOfWeek, formatDay, formatDistance, formatMonthYear, weekdayNames } from '../../lib/format.ts';
import { localDate } from '../../../../core/activity/time-zone.ts';
import { runnerTimeZone } from '../../lib/time-zone.ts';
import { ActivityTypeIcon } from '../ActivityTypeIcon.tsx';
import { monthCalendarWeeks, shiftMonth, type MonthCalendarWeek } from './month-calendar.ts';

interface ActivityCalendarProps {
  /** YYYY-MM. */
  month: string;
  items: readonly ActivitySummary[];
  units: UnitSystem;
  onMonth: (month: string) => void;
}

type Week = MonthCalendarWeek<ActivitySummary>;

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;
/**
 * A name in a narrow day cell wraps between words to two lines before it is cut (the link's title
 * holds it all); only a word longer than the whole cell is broken.
 */
const twoLines = {
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  overflowWrap: 'break-word',
  wordBreak: 'normal',
  minWidth: 0,
} as const;

/** "Today", beside the day's number: the runner's today on the calendar. */
const TODAY = 'Today';

function ActivityEntry({ activity, units }: { activity: ActivitySummary; units: UnitSystem }) {
  return (
    <Link
      component={RouterLink}
      to={`/activities/${activity.id}`}
      title={activity.name}
      underline="hover"
      color="inherit"
      sx={{ display: 'block', minWidth: 0 }}
    >
      <Typography variant="caption" component="span" sx={{ ...twoLines, fontWeight: 600, lineHeight: 1.3 }}>
        <ActivityTypeIcon
          type={activity.type}
          sx={{ fontSize: 14, color: 'primary.main', verticalAlign: 'text-bottom', mr: 0.5 }}
        />
        {activity.name}
      </Typography>
      {activity.distance > 0 && (
        <Typography variant="caption" component="span" color="text.secondary" sx={{ ...oneLine, display: 'block' }}>
          {formatDistance(activity.distance, units)}
        </Typography>
      )}
    </Link>
  );
}

/** The week's label for screen readers and the phone's block heading: "Week of 2 Nov 2026". */
const weekLabel = (week: Week) => `Week of ${formatDay(week.start)}`;

function WideMonth({ weeks, units }: { weeks: Week[]; units: UnitSystem }) {
  const columns = 'repeat(7, minmax(0, 1fr)) 96px';
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: columns, gap: 0.5, mb: 0.5 }} aria-hidden>
        {weekdayNames().map((weekday) => (
          <Typography
            key={weekday.iso}
            variant="caption"
            color="text.secondary"
            sx={{ textAlign: 'center', fontWeight: 600 }}
          >
            {weekday.short}
          </Typography>
        ))}
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right', fontWeight: 600, pr: 1 }}>
          Week
        </Typography>
      </Box>
      <Stack spacing={0.5}>
        {weeks.map((week) => (
          <Box
            key={week.start}
            role="group"
            aria-label={weekLabel(week)}
            sx={{ display: 'grid', gridTemplateColumns: columns, gap: 0.5 }}
          >
            {week.days.map((day) => (
              <Box
                key={day.date}
                aria-current={day.today ? 'date' : undefined}
                sx={{
                  minHeight: 72,
                  minWidth: 0,
                  p: 0.75,
                  borderRadius: 1,
                  border: day.today ? 2 : 1,
                  borderColor: day.today ? 'primary.main' : 'divider',
                  bgcolor: day.inMonth ? 'action.hover' : 'transparent',
                }}
              >
                <Typography
                  variant="caption"
                  component="p"
                  color={day.today ? 'primary' : day.inMonth ? 'text.secondary' : 'text.disabled'}
                  sx={{ fontWeight: day.today ? 700 : 400 }}
                >
                  {Number(day.date.slice(8, 10))}
                  {day.today && ` · ${TODAY}`}
                </Typography>
                <Stack spacing={0.5}>
                  {day.activities.map((activity) => (
                    <ActivityEntry key={activity.id} activity={activity} units={units} />
                  ))}
                </Stack>
              </Box>
            ))}
            <Typography
              variant="body2"
              data-testid="calendar-week-total"
              sx={{ alignSelf: 'center', textAlign: 'right', pr: 1, fontWeight: 600, whiteSpace: 'nowrap' }}
            >
              {formatDistance(week.distanceM, units)}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function PhoneMonth({ weeks, units }: { weeks: Week[]; units: UnitSystem }) {
  return (
    <Stack spacing={1.5}>
      {weeks.map((week) => {
        const days = week.days.filter((day) => day.activities.length > 0 || day.today);
        return (
          <Box key={week.start} role="group" aria-label={weekLabel(week)}>
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', borderBottom: 1, borderColor: 'divider', pb: 0.5, mb: 0.5 }}
            >
              <Typography variant="subtitle2" color="text.secondary">
                {weekLabel(week)}
              </Typography>
              <Typography variant="subtitle2" data-testid="calendar-week-total">
                {formatDistance(week.distanceM, units)}
              </Typography>
            </Stack>
            {days.length === 0 ? (
              <Typography variant="body2" color="text.disabled">
                No activities
              </Typography>
            ) : (
              days.map((day) => (
                <Stack
                  key={day.date}
                  direction="row"
                  spacing={1}
                  aria-current={day.today ? 'date' : undefined}
                  sx={{ py: 0.5 }}
                >
                  <Typography
                    variant="body2"
                    color={day.today ? 'primary' : 'text.secondary'}
                    sx={{ width: 84, flexShrink: 0, fontWeight: day.today ? 700 : 400 }}
                  >
                    {day.today ? TODAY : formatDay(day.date, 'medium')}
                  </Typography>
                  <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
                    {day.activities.length === 0 && (
                      <Typography variant="body2" color="text.disabled">
                        No activities
                      </Typography>
                    )}
                    {day.activities.map((activity) => (
                      <ActivityEntry key={activity.id} activity={activity} units={units} />
                    ))}
                  </Stack>
                </Stack>
              ))
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

export function ActivityCalendar({ month, items, units, onMonth }: ActivityCalendarProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const firstDay = firstDayOfWeek();
  // The day the calendar opened on: a calendar left open past midnight marks it until it is opened again.
  const [today] = useState(() => localDate(Date.now(), runnerTimeZone()));
  const weeks = useMemo(() => monthCalendarWeeks(month, items, firstDay, today), [month, items, firstDay, today]);
  const title = formatMonthYear(`${month}-01`);
  return (
    <Box sx={{ p: { xs: 1.5, md: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <IconButton aria-label="Previous month" onClick={() => onMonth(shiftMonth(month, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="h6" component="h2" aria-live="polite">
          {title}
        </Typography>
        <IconButton aria-label="Next month" onClick={() => onMonth(shiftMonth(month, 1))}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Box role="region" aria-label={`Calendar of ${title}`}>
        {wide ? <WideMonth weeks={weeks} units={units} /> : <PhoneMonth weeks={weeks} units={units} />}
      </Box>
    </Box>
  );
}
