/**
 * One plan day's tasks with a check box each (rest has none): the title in the runner's units and,
 * below it, how to do it with the target pace, its steps and its workout file for the watch. Ticking saves the day's progress at once; a day that
 * has not come yet (`upcoming`) cannot be ticked, only a stale tick there unticked.
 */
import HotelIcon from '@mui/icons-material/Hotel';
import { Alert, Checkbox, List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import { useState } from 'react';
import type { TaskWithState } from '../../../core/training/plan-progress.ts';
import { taskDescription, taskTitle } from '../../../core/training/task-text.ts';
import { useSetTask } from './training-api.ts';
import { WorkoutSteps } from './WorkoutSteps.tsx';
import { useUnits } from '../lib/use-units.ts';

export function TaskChecklist({
  planId,
  date,
  tasks,
  upcoming = false,
}: {
  planId: string;
  date: string;
  tasks: TaskWithState[];
  upcoming?: boolean;
}) {
  const { units } = useUnits();
  const setTask = useSetTask();
  // A tick shows at once; the server's answer (or a failure) settles it.
  const [pending, setPending] = useState<Readonly<Record<string, boolean>>>({});
  const toggle = (taskId: string, completed: boolean) => {
    setPending((current) => ({ ...current, [taskId]: completed }));
    setTask.mutate(
      { planId, toggle: { date, taskId, completed } },
      {
        onSettled: () =>
          setPending((current) => Object.fromEntries(Object.entries(current).filter(([id]) => id !== taskId))),
      },
    );
  };
  return (
    <>
      <List dense disablePadding>
        {tasks.map(({ task, completed: saved }) => {
          const completed = pending[task.id] ?? saved;
          const title = taskTitle(task, units);
          const labelId = `task-${planId}-${task.id}`;
          return (
            <ListItem key={task.id} disableGutters sx={{ alignItems: 'flex-start' }}>
              <ListItemIcon sx={{ minWidth: 44 }}>
                {task.kind === 'rest' ? (
                  <HotelIcon color="disabled" sx={{ m: 1.125 }} />
                ) : (
                  <Checkbox
                    edge="start"
                    checked={completed}
                    disabled={task.id in pending || (upcoming && !completed)}
                    slotProps={{ input: { 'aria-labelledby': labelId } }}
                    onChange={(event) => toggle(task.id, event.target.checked)}
                  />
                )}
              </ListItemIcon>
              <ListItemText
                id={labelId}
                primary={title}
                secondary={
                  <>
                    {taskDescription(task, units)}
                    <WorkoutSteps planId={planId} task={task} units={units} />
                  </>
                }
                slotProps={{
                  secondary: { component: 'div' },
                  primary: { sx: completed ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined },
                }}
              />
            </ListItem>
          );
        })}
      </List>
      {setTask.error && <Alert severity="error">{setTask.error.message}</Alert>}
    </>
  );
}
