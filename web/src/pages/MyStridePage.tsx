/**
 * /my-stride, the personal page (spec §2): the per-user
 * analytics record of spec §3 — streak, sessions, minutes planning, shared cards — the medals
 * earned against the catalogue, a forced streak recalculation (spec §4: back to 1/1, its hint
 * saying so) and the
 * calendar of running days of the past year, and the runner's most visited screens.
 */
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useState } from 'react';
import { STRIDE_STREAK_TEXTS } from '../../../core/medals/stride-streak-texts.ts';
import { PERSONAL_PAGE_LABEL } from '../../../core/product.ts';
import { AnalyticsStatCards } from '../analytics/AnalyticsStatCards.tsx';
import { MostVisitedCard } from '../analytics/MostVisitedCard.tsx';
import { useAnalytics } from '../analytics/analytics-api.ts';
import { RecalculateStreakDialog } from '../analytics/RecalculateStreakDialog.tsx';
import { RunningDaysCard } from '../analytics/RunningDaysCard.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { useTrophyCase } from '../medals/medals-api.ts';
import { useUnits } from '../lib/use-units.ts';

const RECALCULATE_HINT_ID = 'recalculate-streak-hint';

export default function MyStridePage() {
  const analytics = useAnalytics();
  const trophyCase = useTrophyCase();
  const [recalculating, setRecalculating] = useState(false);
  const { units } = useUnits();
  const record = analytics.data;

  return (
    <Box>
      <PageHeader
        title={PERSONAL_PAGE_LABEL}
        subtitle="The days you opened Stride, your time planning and the medals you have earned."
        action={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <Button component={RouterLink} to="/charts" variant="outlined" startIcon={<ShowChartIcon />}>
              Charts
            </Button>
            <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<RestartAltIcon />}
                onClick={() => setRecalculating(true)}
                disabled={!record}
                aria-describedby={RECALCULATE_HINT_ID}
              >
                {STRIDE_STREAK_TEXTS.recalculate}
              </Button>
              <Typography id={RECALCULATE_HINT_ID} variant="caption" color="text.secondary">
                {STRIDE_STREAK_TEXTS.recalculateHint}
              </Typography>
            </Stack>
          </Stack>
        }
      />
      {analytics.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {analytics.error.message}
        </Alert>
      )}
      <AnalyticsStatCards record={record} trophyCase={trophyCase.data} />
      <RunningDaysCard units={units} />
      <MostVisitedCard />

      <RecalculateStreakDialog open={recalculating} onClose={() => setRecalculating(false)} />
    </Box>
  );
}
