/**
 * A plan as rows of the reader's weeks (starting on the locale's first day), under weekday headers,
 * with a month label where a month begins and each week's planned distance. Each day shows its
 * session type and size (its full title on a wide screen) and whether it was done, missed, is today
 * or still ahead. Choosing a day opens its tasks below, to tick or untick.
 */
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, ButtonBase, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import type { UnitSystem } from '../../../core/unit-system.ts';
import type { TrainingPlan } from '../../../core/training/training-api.ts';
import { distanceInUnits, distanceUnitLabel } from '../../../core/units.ts';
import { taskCellText, taskTitle } from '../../../core/training/task-text.ts';
import { firstDayOfWeek, formatDistance, formatNumber, weekdayNames } from '../lib/format.ts';
import { TaskChecklist } from './TaskChecklist.tsx';
import { dayText } from './goal-form.ts';
import { planCalendarRows, type PlanCalendarDay } from './plan-calendar.ts';
import { useUnits } from '../lib/use-units.ts';

type Day = PlanCalendarDay;

const WEEK_KIND = { base: 'Base', build: 'Build', recovery: 'Recovery', taper: 'Taper', race: 'Race week' } as const;

/** The label column's width: the week, its kind and its distance. */
const LABEL_WIDTH = { xs: 44, sm: 84 } as const;
const ROW_GAP = 0.5;

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', width: '100%' } as const;

function DayCell({ day, selected, onSelect }: { day: Day; selected: boolean; onSelect: () => void }) {
  const { units } = useUnits();
  const first = day.tasks[0]?.task;
  const label = first ? taskTitle(first, units) : '';
  const cell = first ? taskCellText(first, units) : { kind: '', size: '' };
  const colour = { done: 'success.main', missed: 'error.main', today: 'primary.main', future: 'text.secondary' }[
    day.state
  ];
  return (
    <ButtonBase
      onClick={onSelect}
      aria-pressed={selected}
      aria-label={`${dayText(day.date)}: ${day.tasks.map(({ task }) => taskTitle(task, units)).join(', ')} (${day.state})`}
      sx={{
        flex: 1,
        minWidth: 0,
        minHeight: 56,
        p: { xs: 0.5, sm: 0.75 },
        borderRadius: 1,
        border: 1,
        borderColor: day.state === 'today' ? 'primary.main' : selected ? 'text.secondary' : 'divider',
        bgcolor: day.restDay ? 'transparent' : 'action.hover',
        flexDirection: 'column',
        alignItems: 'flex-start',
        justifyContent: 'flex-start',
        textAlign: 'left',
      }}
    >
      <Stack direction="row" sx={{ width: '100%', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="caption" sx={{ color: colour, fontWeight: day.state === 'today' ? 700 : 400 }}>
          {Number(day.date.slice(8, 10))}
        </Typography>
        {day.state === 'done' && !day.restDay && <CheckIcon sx={{ fontSize: 14, color: 'success.main' }} />}
        {day.state === 'missed' && <CloseIcon sx={{ fontSize: 14, color: 'error.main' }} />}
      </Stack>
      <Typography
        variant="caption"
        color={day.restDay ? 'text.disabled' : 'text.primary'}
        sx={{ ...oneLine, display: { xs: 'none', md: 'block' } }}
      >
        {label}
      </Typography>
      <Box sx={{ display: { xs: 'block', md: 'none' }, width: '100%' }} data-testid="plan-cell-short">
        <Typography
          component="p"
          color={day.restDay ? 'text.disabled' : 'text.primary'}
          sx={{ ...oneLine, fontSize: '0.625rem', lineHeight: 1.3 }}
        >
          {cell.kind}
        </Typography>
        <Typography component="p" color="text.secondary" sx={{ ...oneLine, fontSize: '0.625rem', lineHeight: 1.3 }}>
          {cell.size}
        </Typography>
      </Box>
    </ButtonBase>
  );
}

/** A week's planned distance to one decimal: "42.5 km", "26.4 mi". */
function formatWeekDistance(metres: number, units: UnitSystem): string {
  return `${formatNumber(distanceInUnits(metres, units), 1)} ${distanceUnitLabel(units)}`;
}

export function PlanCalendar({ plan }: { plan: TrainingPlan }) {
  const { units } = useUnits();
  const [selected, setSelected] = useState(plan.today);
  const chosen = plan.calendar.flatMap((week) => week.days).find((day) => day.date === selected);
  const firstDay = firstDayOfWeek();
  const rows = useMemo(() => planCalendarRows(plan.calendar, firstDay), [plan.calendar, firstDay]);
  const weekdays = weekdayNames();
  return (
    <Box>
      <Stack direction="row" spacing={ROW_GAP} sx={{ mb: 0.5 }} aria-hidden data-testid="plan-weekdays">
        <Box sx={{ width: LABEL_WIDTH, flexShrink: 0 }} />
        {weekdays.map((weekday) => (
          <Typography
            key={weekday.iso}
            variant="caption"
            color="text.secondary"
            title={weekday.long}
            sx={{ flex: 1, minWidth: 0, textAlign: 'center', fontWeight: 600 }}
          >
            {weekday.short}
          </Typography>
        ))}
      </Stack>
      <Stack spacing={ROW_GAP} role="list" aria-label="Plan calendar">
        {rows.map((row) => (
          <Box key={row.start} role="listitem">
            {row.month && (
              <Typography variant="subtitle2" component="h4" sx={{ mt: 1, mb: 0.5 }} data-testid="plan-month">
                {row.month}
              </Typography>
            )}
            <Stack direction="row" spacing={ROW_GAP} sx={{ alignItems: 'stretch' }}>
              <Box sx={{ width: LABEL_WIDTH, flexShrink: 0, pt: 0.5 }} data-testid="plan-week-total">
                <Typography variant="caption" color="text.secondary" component="p">
                  W{formatNumber(row.weekNumber)}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.disabled"
                  component="p"
                  sx={{ display: { xs: 'none', sm: 'block' } }}
                >
                  {WEEK_KIND[row.kind]}
                </Typography>
                <Typography
                  variant="caption"
                  component="p"
                  aria-label={`Week ${row.weekNumber}: ${formatDistance(row.distanceM, units)} planned`}
                  sx={{ fontSize: { xs: '0.625rem', sm: '0.75rem' }, fontWeight: 600 }}
                >
                  {formatWeekDistance(row.distanceM, units)}
                </Typography>
              </Box>
              {row.days.map((day, index) =>
                day ? (
                  <DayCell
                    key={day.date}
                    day={day}
                    selected={day.date === selected}
                    onSelect={() => setSelected(day.date)}
                  />
                ) : (
                  <Box key={`empty-${index}`} sx={{ flex: 1, minWidth: 0 }} />
                ),
              )}
            </Stack>
          </Box>
        ))}
      </Stack>
      {chosen && (
        <Box sx={{ mt: 2 }} data-testid="plan-day">
          <Typography variant="subtitle2">
            {dayText(chosen.date)}
            {chosen.date === plan.today && ' · today'}
          </Typography>
          <TaskChecklist planId={plan.id} date={chosen.date} tasks={chosen.tasks} upcoming={chosen.date > plan.today} />
        </Box>
      )}
    </Box>
  );
}
