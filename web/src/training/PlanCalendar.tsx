/**
 * A plan as week rows of seven days: each day shows its first task and whether it was done,
 * missed, is today or still ahead. Choosing a day opens its tasks below, to tick or untick.
 */
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, ButtonBase, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { TrainingPlan } from '../../../core/training/training-api.ts';
import { taskTitle } from '../../../core/training/task-text.ts';
import { TaskChecklist } from './TaskChecklist.tsx';
import { dayText } from './goal-form.ts';
import { useUnits } from '../profile/use-units.ts';

type Day = TrainingPlan['calendar'][number]['days'][number];

const WEEK_KIND = { base: 'Base', build: 'Build', recovery: 'Recovery', taper: 'Taper', race: 'Race week' } as const;

function DayCell({ day, selected, onSelect }: { day: Day; selected: boolean; onSelect: () => void }) {
  const { units } = useUnits();
  const first = day.tasks[0]?.task;
  const label = first ? taskTitle(first, units) : '';
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
        p: 0.75,
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
        sx={{
          display: { xs: 'none', md: 'block' },
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          width: '100%',
        }}
      >
        {label}
      </Typography>
    </ButtonBase>
  );
}

export function PlanCalendar({ plan }: { plan: TrainingPlan }) {
  const [selected, setSelected] = useState(plan.today);
  const chosen = plan.calendar.flatMap((week) => week.days).find((day) => day.date === selected);
  return (
    <Box>
      <Stack spacing={0.75} role="list" aria-label="Plan calendar">
        {plan.calendar.map((week) => (
          <Stack key={week.number} direction="row" spacing={0.75} sx={{ alignItems: 'stretch' }} role="listitem">
            <Box sx={{ width: { xs: 36, sm: 72 }, flexShrink: 0, pt: 0.5 }}>
              <Typography variant="caption" color="text.secondary" component="p">
                W{week.number}
              </Typography>
              <Typography variant="caption" color="text.disabled" sx={{ display: { xs: 'none', sm: 'block' } }}>
                {WEEK_KIND[week.kind]}
              </Typography>
            </Box>
            {week.days.map((day) => (
              <DayCell
                key={day.date}
                day={day}
                selected={day.date === selected}
                onSelect={() => setSelected(day.date)}
              />
            ))}
          </Stack>
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
