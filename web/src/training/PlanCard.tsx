/**
 * One training plan: race, level and dates, adherence so far, where its paces come from, the
 * private calendar link for a phone's calendar, archive and delete, and the plan's calendar.
 */
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EventIcon from '@mui/icons-material/Event';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { planName, WEEKDAY_NAMES, weekOneBasisText } from '../../../core/training/task-text.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { PlanCalendar } from './PlanCalendar.tsx';
import { ReplanPanel } from './ReplanPanel.tsx';
import { dayText } from './goal-form.ts';
import { pacesText } from './plan-form.ts';
import { useDeletePlan, usePlan, useUpdatePlan } from './training-api.ts';
import { useUnits } from '../lib/use-units.ts';

function CalendarLink({ path }: { path: string }) {
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}${path}`;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button size="small" startIcon={<EventIcon />} href={url.replace(/^https?:/, 'webcal:')}>
        Add to calendar
      </Button>
      <Button
        size="small"
        startIcon={<ContentCopyIcon />}
        onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
      >
        {copied ? 'Link copied' : 'Copy calendar link'}
      </Button>
    </Stack>
  );
}

export function PlanCard({ planId }: { planId: string }) {
  const { units } = useUnits();
  const { data: plan, error } = usePlan(planId);
  const update = useUpdatePlan();
  const deletion = useDeletePlan();
  const [deleting, setDeleting] = useState(false);
  if (error) {
    return <Alert severity="error">{error.message}</Alert>;
  }
  if (!plan) {
    return <Skeleton variant="rounded" height={320} />;
  }
  const archived = plan.status === 'archived';
  return (
    <Card data-testid="training-plan" id={`plan-${plan.id}`}>
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="h6" component="h2">
                {planName(plan.race)}
              </Typography>
              {archived && <Chip size="small" label="Archived" />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {plan.level[0]?.toUpperCase()}
              {plan.level.slice(1)} · {plan.runsPerWeek} runs a week · long run on {WEEKDAY_NAMES[plan.longRunDay]} ·{' '}
              {dayText(plan.startDate)} to race day {dayText(plan.raceDate)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {pacesText(plan.paces, units)}
            </Typography>
            {plan.weekOneBasis && (
              <Typography variant="body2" color="text.secondary" data-testid="plan-week-one-basis">
                {weekOneBasisText(plan.weekOneBasis, units)}
              </Typography>
            )}
          </Box>
          <Box sx={{ textAlign: { md: 'right' }, flexShrink: 0 }}>
            <Typography variant="h5" component="p" data-testid="plan-adherence">
              {plan.adherence === null ? '—' : `${plan.adherence} %`}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              of the tasks due done
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" sx={{ my: 1.5, flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
          <CalendarLink path={plan.calendarUrl} />
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              startIcon={<ArchiveIcon />}
              onClick={() => update.mutate({ id: plan.id, status: archived ? 'active' : 'archived' })}
            >
              {archived ? 'Restore' : 'Archive'}
            </Button>
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </Stack>
        </Stack>
        <ReplanPanel plan={plan} />
        <PlanCalendar plan={plan} />
      </CardContent>
      <ConfirmDialog
        open={deleting}
        title="Delete this plan?"
        confirmLabel="Delete plan"
        action={deletion}
        onConfirm={() => deletion.mutate(plan.id, { onSuccess: () => setDeleting(false) })}
        onClose={() => setDeleting(false)}
      >
        Its calendar and ticked days go with it. The goal stays.
      </ConfirmDialog>
    </Card>
  );
}
