/**
 * One goal: its title, status, a progress bar with the projection sentence ("On track: 182 of
 * 300 km, 8 days left."), and its actions — edit, delete, a training plan for a race goal, and
 * moving it up or down (the keyboard's way to reorder; the handle drags).
 */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/EditOutlined';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { GoalPrediction } from './RacePredictionsCard.tsx';
import { Box, Button, Card, Chip, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import { projectionSentence } from '../../../core/training/goal-progress.ts';
import type { Goal } from '../../../core/training/training-api.ts';
import { dayText, goalTitle } from './goal-form.ts';
import { useUnits } from '../lib/use-units.ts';

const STATUS_CHIP = {
  active: { label: 'Active', color: 'primary' },
  completed: { label: 'Completed', color: 'success' },
  missed: { label: 'Missed', color: 'default' },
} as const;

export interface GoalCardActions {
  onEdit: () => void;
  onDelete: () => void;
  onPlan: () => void;
  onMove: (delta: number) => void;
}

export function GoalCard({
  goal,
  first,
  last,
  actions,
}: {
  goal: Goal;
  first: boolean;
  last: boolean;
  actions: GoalCardActions;
}) {
  const { units } = useUnits();
  const title = goalTitle(goal.definition, units);
  const chip = STATUS_CHIP[goal.status];
  return (
    <Card variant="outlined" sx={{ p: 2 }} data-testid="goal">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box
          sx={{ color: 'text.disabled', cursor: 'grab', pt: 0.25, display: { xs: 'none', sm: 'block' } }}
          aria-hidden
        >
          <DragIndicatorIcon />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <Chip
              size="small"
              label={chip.label}
              color={chip.color}
              variant={goal.status === 'active' ? 'outlined' : 'filled'}
            />
          </Stack>
          <LinearProgress
            variant="determinate"
            value={goal.progress}
            aria-label={`${title}: ${goal.progress} %`}
            color={goal.status === 'missed' ? 'inherit' : goal.status === 'completed' ? 'success' : 'primary'}
            sx={{ my: 1.25, height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" color="text.secondary">
            {projectionSentence(goal.definition, goal.detail, units, dayText)}
          </Typography>
          {goal.definition.kind === 'race' && goal.status === 'active' && (
            <GoalPrediction raceDistanceM={goal.definition.raceDistanceM} targetTimeS={goal.definition.targetTimeS} />
          )}
          {goal.definition.kind === 'race' && goal.status === 'active' && !goal.hasActivePlan && (
            <Button size="small" startIcon={<EventNoteIcon />} onClick={actions.onPlan} sx={{ mt: 1, ml: -0.5 }}>
              Generate a training plan
            </Button>
          )}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: 'center' }}>
          <Tooltip title="Move up">
            <span>
              <IconButton aria-label={`Move ${title} up`} disabled={first} onClick={() => actions.onMove(-1)}>
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Move down">
            <span>
              <IconButton aria-label={`Move ${title} down`} disabled={last} onClick={() => actions.onMove(1)}>
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Edit">
            <IconButton aria-label={`Edit ${title}`} onClick={actions.onEdit}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton aria-label={`Delete ${title}`} onClick={actions.onDelete}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>
    </Card>
  );
}
