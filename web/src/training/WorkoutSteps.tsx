/**
 * A run session's steps as the watch will run them (a session of several steps lists them, a
 * repeat with its steps indented) and its FIT workout file to load on the watch.
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Link } from '@mui/material';
import type { PlanTask } from '../../../core/training/plan-generation.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { stepsText, workoutSteps } from '../../../core/training/workout-steps.ts';

export function WorkoutSteps({ planId, task, units }: { planId: string; task: PlanTask; units: UnitSystem }) {
  const steps = workoutSteps(task);
  if (steps === null) {
    return null;
  }
  const lines = steps.length > 1 ? stepsText(steps, units) : [];
  return (
    <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
      {lines.length > 0 && (
        <Box component="ol" aria-label="Steps" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {lines.map((line, index) => (
            <Box component="li" key={index} sx={{ pl: line.startsWith('  ') ? 2 : 0 }}>
              {line.trim()}
            </Box>
          ))}
        </Box>
      )}
      <Link
        href={`/api/training-plans/${encodeURIComponent(planId)}/workouts/${encodeURIComponent(task.id)}.fit`}
        download
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5, minHeight: 24 }}
      >
        <DownloadIcon fontSize="inherit" aria-hidden />
        Workout for your watch (.fit)
      </Link>
    </Box>
  );
}
