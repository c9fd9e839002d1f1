/**
 * A plan's re-planning: the waiting proposal with its reason and each changed week's distance
 * before and after (or the paces it moves to), to accept or to keep the plan as it is; "Re-plan
 * now" on request; and the history of versions (reviews, accepted and kept re-plans).
 */
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { Alert, AlertTitle, Box, Button, Collapse, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { PlanVersion, TrainingPlan } from '../../../core/training/training-api.ts';
import { dayText } from './goal-form.ts';
import { weekDistanceText } from './plan-calendar.ts';
import { pacesText } from './plan-form.ts';
import { useAnswerReplan, useReplan } from './training-api.ts';
import { useUnits } from '../lib/use-units.ts';

const STATUS_WORDS: Readonly<Record<PlanVersion['status'], string>> = {
  proposed: 'waiting for your answer',
  accepted: 'accepted',
  kept: 'plan kept',
  superseded: 'replaced by a newer re-plan',
  unchanged: 'no change',
};

export function ReplanPanel({ plan }: { plan: TrainingPlan }) {
  const { units } = useUnits();
  const replan = useReplan();
  const answer = useAnswerReplan();
  const [historyOpen, setHistoryOpen] = useState(false);
  const { proposal } = plan;
  const latest = plan.versions[0];
  const error = replan.error ?? answer.error;
  const history = plan.versions.filter((version) => version.status !== 'proposed');
  return (
    <Box sx={{ my: 1.5 }} data-testid="plan-replan">
      {proposal ? (
        <Alert severity="info" data-testid="plan-proposal">
          <AlertTitle>{proposal.reason}</AlertTitle>
          {proposal.paces && <Typography variant="body2">{pacesText(proposal.paces, units)}</Typography>}
          {proposal.changes.map((change) => (
            <Typography key={change.week} variant="body2">
              Week {change.week}: {weekDistanceText(change.fromM, units)} → {weekDistanceText(change.toM, units)}
            </Typography>
          ))}
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              size="small"
              variant="contained"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ planId: plan.id, versionId: proposal.id, answer: 'accept' })}
            >
              Accept the new plan
            </Button>
            <Button
              size="small"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ planId: plan.id, versionId: proposal.id, answer: 'keep' })}
            >
              Keep my plan
            </Button>
          </Stack>
        </Alert>
      ) : (
        latest?.status === 'unchanged' && (
          <Typography variant="body2" color="text.secondary" data-testid="plan-review">
            {dayText(latest.madeOn)}: {latest.reason}
          </Typography>
        )
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error.message}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        {plan.status === 'active' && (
          <Button
            size="small"
            startIcon={<AutorenewIcon />}
            disabled={replan.isPending}
            onClick={() => replan.mutate(plan.id)}
          >
            Re-plan now
          </Button>
        )}
        {history.length > 0 && (
          <Button size="small" onClick={() => setHistoryOpen((open) => !open)} aria-expanded={historyOpen}>
            {historyOpen ? 'Hide versions' : `Versions (${history.length})`}
          </Button>
        )}
      </Stack>
      <Collapse in={historyOpen} unmountOnExit>
        <Stack component="ul" spacing={0.5} sx={{ pl: 2, my: 1 }} aria-label="Plan versions">
          {history.map((version) => (
            <Typography component="li" variant="body2" key={version.id}>
              {dayText(version.madeOn)} · {STATUS_WORDS[version.status]}: {version.reason}
            </Typography>
          ))}
        </Stack>
      </Collapse>
    </Box>
  );
}
