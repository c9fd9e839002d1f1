/**
 * The runner's goals in their order (spec §7: ascending by order). Reordered by dragging a goal
 * onto another's place, or from the keyboard with each goal's move buttons; the new order is saved
 * at once (core moveGoal / reorderGoals).
 */
import { Box, Stack, Typography } from '@mui/material';
import { useState, type DragEvent } from 'react';
import { moveGoal } from '../../../core/training/goals.ts';
import type { Goal } from '../../../core/training/training-api.ts';
import { GoalCard, type GoalCardActions } from './GoalCard.tsx';
import { useReorderGoals } from './training-api.ts';

export function GoalList({
  goals,
  actionsFor,
}: {
  goals: Goal[];
  actionsFor: (goal: Goal) => Omit<GoalCardActions, 'onMove'>;
}) {
  const reorder = useReorderGoals();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const ids = goals.map((goal) => goal.id);
  const move = (from: number, delta: number) => {
    const next = moveGoal(ids, from, delta);
    if (next.some((id, index) => id !== ids[index])) {
      reorder.mutate(next);
    }
  };
  const drop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragged !== null && dragged !== to) {
      move(dragged, to - dragged);
    }
    setDragged(null);
    setOver(null);
  };
  if (goals.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No goals yet. Set one — a distance for a month, a race with a target time, runs a week, or a streak — and Stride
        follows it with every run you upload or sync.
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Goals">
      {goals.map((goal, index) => (
        <Box
          component="li"
          key={goal.id}
          draggable
          onDragStart={() => setDragged(index)}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(index);
          }}
          onDragLeave={() => setOver((current) => (current === index ? null : current))}
          onDrop={(event) => drop(event, index)}
          onDragEnd={() => {
            setDragged(null);
            setOver(null);
          }}
          sx={{
            opacity: dragged === index ? 0.5 : 1,
            outline: over === index && dragged !== index ? 2 : 0,
            outlineColor: 'primary.main',
            outlineStyle: 'dashed',
            borderRadius: 1,
          }}
        >
          <GoalCard
            goal={goal}
            first={index === 0}
            last={index === goals.length - 1}
            actions={{ ...actionsFor(goal), onMove: (delta) => move(index, delta) }}
          />
        </Box>
      ))}
    </Stack>
  );
}
