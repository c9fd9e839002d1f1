/**
 * A plan as rows of the reader's weeks (starting on the locale's first day), each with its plan
 * week, kind and planned distance, and a month label where a month begins. From the md breakpoint
 * up the weeks are a grid under weekday headers, each day's session titles written whole (wrapping
 * inside the cell); on narrower screens each plan week is a list of its days, one line each with
 * the weekday, date and whole session titles. Either way a day shows whether it was done, missed, is
 * today or still ahead, a ticked structured session how its run went against its steps ("3 of 4
 * reps on target, last one 6 s slow"), and choosing it opens its tasks, to tick or untick.
 */
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, ButtonBase, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import type { UnitSystem } from '../../../core/unit-system.ts';
import type { SessionScoreView, TrainingPlan } from '../../../core/training/training-api.ts';
import { taskTitle } from '../../../core/training/task-text.ts';
import { SessionScore } from '../components/SessionScore.tsx';
import { firstDayOfWeek, formatDistance, formatNumber, weekdayNames } from '../lib/format.ts';
import { usePlanSessionScores } from '../lib/session-score-api.ts';
import { TaskChecklist } from './TaskChecklist.tsx';
import { dayText } from './goal-form.ts';
import {
  planCalendarRows,
  planWeekRows,
  type PlanCalendarDay,
  type PlanCalendarRow,
  weekDistanceText,
} from './plan-calendar.ts';
import { useUnits } from '../lib/use-units.ts';

type Day = PlanCalendarDay;

const WEEK_KIND = { base: 'Base', build: 'Build', recovery: 'Recovery', taper: 'Taper', race: 'Race week' } as const;

/** The grid's label column: the week, its kind and its distance. */
const LABEL_WIDTH = 84;
const ROW_GAP = 0.5;
const STATE_COLOUR = { done: 'success.main', missed: 'error.main', today: 'primary.main', future: 'text.secondary' };

function StateIcon({ day }: { day: Day }) {
  if (day.state === 'done' && !day.restDay) {
    return <CheckIcon sx={{ fontSize: 14, color: 'success.main' }} />;
  }
  return day.state === 'missed' ? <CloseIcon sx={{ fontSize: 14, color: 'error.main' }} /> : null;
}

function dayLabel(day: Day, units: UnitSystem, score: SessionScoreView | undefined): string {
  const titles = day.tasks.map(({ task }) => taskTitle(task, units)).join(', ');
  return `${dayText(day.date)}: ${titles}${score ? `, ${score.summary}` : ''} (${day.state})`;
}

/** A ticked session's score in a day's box: its summary sentence. */
function ScoreLine({ score }: { score: SessionScoreView | undefined }) {
  return score ? (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ display: 'block', width: '100%', overflowWrap: 'anywhere', lineHeight: 1.3 }}
      data-testid="plan-day-score"
    >
      {score.summary}
    </Typography>
  ) : null;
}

interface DayProps {
  day: Day;
  score: SessionScoreView | undefined;
  selected: boolean;
  onSelect: () => void;
}

/**
 * A day's button, in the grid and in the phone list alike: named by its sessions, score and state,
 * today outlined, the chosen day marked, rest days flat; its content starts at the left.
 */
function DayButton({
  day,
  score,
  selected,
  onSelect,
  layout,
  children,
}: DayProps & { layout: Readonly<Record<string, string | number>>; children: ReactNode }) {
  const { units } = useUnits();
  return (
    <ButtonBase
      onClick={onSelect}
      aria-pressed={selected}
      aria-label={dayLabel(day, units, score)}
      sx={{
        borderRadius: 1,
        border: 1,
        borderColor: day.state === 'today' ? 'primary.main' : selected ? 'text.secondary' : 'divider',
        bgcolor: day.restDay ? 'transparent' : 'action.hover',
        justifyContent: 'flex-start',
        textAlign: 'left',
        ...layout,
      }}
    >
      {children}
    </ButtonBase>
  );
}

/** One day of the desktop grid: its date, its first session's whole title and its score. */
function DayCell(props: DayProps) {
  const { day, score } = props;
  const { units } = useUnits();
  const first = day.tasks[0]?.task;
  return (
    <DayButton
      {...props}
      layout={{ flex: 1, minWidth: 0, minHeight: 56, p: 0.75, flexDirection: 'column', alignItems: 'flex-start' }}
    >
      <Stack direction="row" sx={{ width: '100%', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography
          variant="caption"
          sx={{ color: STATE_COLOUR[day.state], fontWeight: day.state === 'today' ? 700 : 400 }}
        >
          {Number(day.date.slice(8, 10))}
        </Typography>
        <StateIcon day={day} />
      </Stack>
      <Typography
        variant="caption"
        color={day.restDay ? 'text.disabled' : 'text.primary'}
        sx={{ width: '100%', overflowWrap: 'anywhere', lineHeight: 1.35 }}
      >
        {first ? taskTitle(first, units) : ''}
      </Typography>
      <ScoreLine score={score} />
    </DayButton>
  );
}

/** One day of the phone list: weekday and date, then every session's whole title and its score. */
function DayLine(props: DayProps) {
  const { day, score } = props;
  const { units } = useUnits();
  const iso = new Date(`${day.date}T12:00:00Z`).getUTCDay() || 7;
  const weekday = weekdayNames().find((name) => name.iso === iso)?.short ?? '';
  return (
    <DayButton {...props} layout={{ width: '100%', minHeight: 44, px: 1, py: 0.75, gap: 1, alignItems: 'center' }}>
      <Box sx={{ width: 44, flexShrink: 0 }}>
        <Typography
          variant="caption"
          component="p"
          sx={{ color: STATE_COLOUR[day.state], fontWeight: day.state === 'today' ? 700 : 400, lineHeight: 1.2 }}
        >
          {weekday}
        </Typography>
        <Typography variant="body2" component="p" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
          {Number(day.date.slice(8, 10))}
        </Typography>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="body2"
          color={day.restDay ? 'text.disabled' : 'text.primary'}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {day.tasks.map(({ task }) => taskTitle(task, units)).join(' · ')}
        </Typography>
        <ScoreLine score={score} />
      </Box>
      <StateIcon day={day} />
    </DayButton>
  );
}

function WeekLabel({ row, units, inline }: { row: PlanCalendarRow; units: UnitSystem; inline: boolean }) {
  const distance = weekDistanceText(row.distanceM, units);
  const planned = `${formatDistance(row.distanceM, units)} planned`;
  const label = row.weekNumber === null ? planned : `Week ${row.weekNumber}: ${planned}`;
  if (inline) {
    return (
      <Typography variant="subtitle2" component="p" sx={{ mt: 1, mb: 0.5 }} data-testid="plan-week-total">
        {row.weekNumber !== null && row.kind !== null && `W${formatNumber(row.weekNumber)} · ${WEEK_KIND[row.kind]} · `}
        <Box component="span" aria-label={label}>
          {distance}
        </Box>
      </Typography>
    );
  }
  return (
    <Box sx={{ width: LABEL_WIDTH, flexShrink: 0, pt: 0.5 }} data-testid="plan-week-total">
      {row.weekNumber !== null && row.kind !== null && (
        <>
          <Typography variant="caption" color="text.secondary" component="p">
            W{formatNumber(row.weekNumber)}
          </Typography>
          <Typography variant="caption" color="text.disabled" component="p">
            {WEEK_KIND[row.kind]}
          </Typography>
        </>
      )}
      <Typography variant="caption" component="p" aria-label={label} sx={{ fontWeight: 600 }}>
        {distance}
      </Typography>
    </Box>
  );
}

export function PlanCalendar({ plan }: { plan: TrainingPlan }) {
  const { units } = useUnits();
  const theme = useTheme();
  const asList = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [selected, setSelected] = useState(plan.today);
  const { data: scores } = usePlanSessionScores(plan.id);
  const scoreOn = (date: string) => scores?.find((score) => score.date === date);
  const chosen = plan.calendar.flatMap((week) => week.days).find((day) => day.date === selected);
  const firstDay = firstDayOfWeek();
  const rows = useMemo(
    () => (asList ? planWeekRows(plan.calendar) : planCalendarRows(plan.calendar, firstDay)),
    [plan.calendar, firstDay, asList],
  );
  const weekdays = weekdayNames();
  const chosenTasks = chosen && (
    <Box sx={{ mt: asList ? 1 : 2, mb: asList ? 1 : 0 }} data-testid="plan-day">
      <Typography variant="subtitle2">
        {dayText(chosen.date)}
        {chosen.date === plan.today && ' · today'}
      </Typography>
      <TaskChecklist planId={plan.id} date={chosen.date} tasks={chosen.tasks} upcoming={chosen.date > plan.today} />
      {scores
        ?.filter((score) => score.date === chosen.date)
        .map((score) => (
          // Under the task it scores, past the check box.
          <Box key={score.taskId} sx={{ pl: 5.5 }}>
            <SessionScore score={score} />
          </Box>
        ))}
    </Box>
  );
  if (asList) {
    return (
      <Stack role="list" aria-label="Plan calendar">
        {rows.map((row) => (
          <Box key={row.start} role="listitem">
            {row.month && (
              <Typography variant="subtitle1" component="h4" sx={{ mt: 1.5 }} data-testid="plan-month">
                {row.month}
              </Typography>
            )}
            <WeekLabel row={row} units={units} inline />
            <Stack spacing={ROW_GAP}>
              {row.days.map((day) =>
                day ? (
                  <Box key={day.date}>
                    <DayLine
                      day={day}
                      score={scoreOn(day.date)}
                      selected={day.date === selected}
                      onSelect={() => setSelected(day.date)}
                    />
                    {day.date === selected && chosenTasks}
                  </Box>
                ) : null,
              )}
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
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
              <WeekLabel row={row} units={units} inline={false} />
              {row.days.map((day, index) =>
                day ? (
                  <DayCell
                    key={day.date}
                    day={day}
                    score={scoreOn(day.date)}
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
      {chosenTasks}
    </Box>
  );
}
