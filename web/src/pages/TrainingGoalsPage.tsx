/**
 * /training-goals ("Goals & Training"): today's tasks, the runner's goals in their order with
 * progress, each training plan with its calendar, and the runner's wellbeing and coaching.
 */
import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { pageTitleForPath } from '../../../core/product.ts';
import type { Goal } from '../../../core/training/training-api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { WellbeingSection } from '../wellbeing/WellbeingSection.tsx';
import { GoalDialog } from '../training/GoalDialog.tsx';
import { GoalList } from '../training/GoalList.tsx';
import { PlanCard } from '../training/PlanCard.tsx';
import { PlanDialog } from '../training/PlanDialog.tsx';
import { TodayTasksCard } from '../training/TodayTasksCard.tsx';
import { useDeleteGoal, useGoals, usePlans } from '../training/training-api.ts';

type Editing = { goal: Goal | null } | null;

export default function TrainingGoalsPage() {
  const goals = useGoals();
  const plans = usePlans();
  const deletion = useDeleteGoal();
  const [editing, setEditing] = useState<Editing>(null);
  const [planning, setPlanning] = useState<Goal | null>(null);
  const [deleting, setDeleting] = useState<Goal | null>(null);
  // Active plans first, then the rest, each newest first (the server's order).
  const shownPlans = [...(plans.data ?? [])].sort(
    (a, b) => Number(a.status !== 'active') - Number(b.status !== 'active'),
  );
  return (
    <Stack spacing={2}>
      <PageHeader
        title={pageTitleForPath('/training-goals')}
        subtitle="Set goals, follow a plan to race day, tick off each day's training, and check in on how you feel."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ goal: null })}>
            New goal
          </Button>
        }
      />
      <TodayTasksCard />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Goals
          </Typography>
          {goals.error && <Alert severity="error">{goals.error.message}</Alert>}
          {goals.isPending && <Skeleton variant="rounded" height={96} />}
          {goals.data && (
            <GoalList
              goals={goals.data}
              actionsFor={(goal) => ({
                onEdit: () => setEditing({ goal }),
                onDelete: () => setDeleting(goal),
                onPlan: () => setPlanning(goal),
              })}
            />
          )}
        </CardContent>
      </Card>
      {shownPlans.map((plan) => (
        <PlanCard key={plan.id} planId={plan.id} />
      ))}
      <WellbeingSection />
      {editing && <GoalDialog goal={editing.goal} onClose={() => setEditing(null)} />}
      {planning && <PlanDialog goal={planning} onClose={() => setPlanning(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this goal?"
        confirmLabel="Delete goal"
        action={deletion}
        onConfirm={() => deleting && deletion.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        {deleting?.hasPlan ? 'Its training plan is deleted with it.' : 'Your runs stay; only the goal goes.'}
      </ConfirmDialog>
    </Stack>
  );
}
