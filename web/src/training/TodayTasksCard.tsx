/**
 * Today's tasks of each active training plan, with check boxes (the dashboard and the top of
 * Goals & Training), and when a plan still to begin starts. Without a plan it says how to get one.
 */
import { Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { planTitle } from '../../../core/training/task-text.ts';
import { readerLocale } from '../lib/format.ts';
import { TaskChecklist } from './TaskChecklist.tsx';
import { dayText } from './goal-form.ts';
import { useTodayTasks } from './training-api.ts';

export function TodayTasksCard({ linkToPlans = false }: { linkToPlans?: boolean }) {
  const today = useTodayTasks();
  const plans = today.data?.plans ?? [];
  return (
    <Card data-testid="today-training">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
          <Typography variant="h6" component="h2">
            Today&apos;s training
          </Typography>
          {today.data && (
            <Typography variant="body2" color="text.secondary">
              {dayText(today.data.today)}
            </Typography>
          )}
        </Stack>
        {today.isPending && <Skeleton height={64} />}
        {today.error && <Typography color="error">{today.error.message}</Typography>}
        {today.data?.upcoming.map((plan) => (
          <Typography
            key={plan.planId}
            variant="body2"
            color="text.secondary"
            sx={{ mt: 1 }}
            data-testid="upcoming-plan"
          >
            {planTitle(plan.race, plan.raceDate, readerLocale())}: the plan begins on {dayText(plan.startDate)}.
          </Typography>
        ))}
        {today.data && plans.length === 0 && today.data.upcoming.length === 0 && (
          <Box sx={{ mt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              No plan day today. Set a race goal and generate a training plan to get each day&apos;s runs here.
            </Typography>
            {linkToPlans && (
              <Button component={RouterLink} to="/training-goals" size="small" sx={{ mt: 1 }}>
                Goals &amp; Training
              </Button>
            )}
          </Box>
        )}
        {plans.map((plan) => (
          <Box key={plan.planId} sx={{ mt: 1.5 }} data-testid="today-plan">
            <Typography variant="subtitle2" color="text.secondary">
              {planTitle(plan.race, plan.raceDate, readerLocale())}
              {plan.adherence !== null && ` · ${plan.adherence} % of tasks due done`}
            </Typography>
            <TaskChecklist planId={plan.planId} date={plan.date} tasks={plan.tasks} />
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
