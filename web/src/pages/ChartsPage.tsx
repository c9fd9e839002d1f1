/**
 * /charts: the runner's weeks and months — totals against last year, distance, time and climb per
 * bucket, the pace trend, time in heart-rate zones, fitness/fatigue/form, personal bests and the
 * running-days calendar. The period and type
 * live in the URL, so a view can be bookmarked or shared.
 */
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Box, Button, Card, LinearProgress, Skeleton, Stack } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { chartQuerySchema } from '../../../core/charts/chart-api.ts';
import type { ChartPeriod } from '../../../core/charts/chart-periods.ts';
import { ActivitiesEmptyState } from '../activities/list/ActivitiesEmptyState.tsx';
import { UploadDialog } from '../activities/UploadDialog.tsx';
import { RunningDaysCard } from '../analytics/RunningDaysCard.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { useUnits } from '../lib/use-units.ts';
import { ChartControls } from '../charts/ChartControls.tsx';
import { useCharts } from '../charts/charts-api.ts';
import { bucketRows } from '../charts/chart-series.ts';
import { HeartRateZonesChart } from '../charts/HeartRateZonesChart.tsx';
import { LoadChart } from '../charts/LoadChart.tsx';
import { PeriodTotals } from '../charts/PeriodTotals.tsx';
import { PersonalBestsCard } from '../charts/PersonalBestsCard.tsx';
import { VolumeCharts } from '../charts/VolumeCharts.tsx';

export default function ChartsPage() {
  const [params, setParams] = useSearchParams();
  // An unknown value in the URL falls back to the default view rather than an error.
  const parsed = chartQuerySchema.safeParse(Object.fromEntries(params));
  const { period, type } = parsed.success ? parsed.data : chartQuerySchema.parse({});
  const charts = useCharts({ period, type });
  const { units } = useUnits();
  const [uploading, setUploading] = useState(false);
  const change = (next: { period?: ChartPeriod; type?: string }) =>
    setParams({ period: next.period ?? period, type: next.type ?? type }, { replace: true });
  const data = charts.data;
  return (
    <Box>
      <PageHeader
        title="Charts"
        subtitle="Your distance, time, climb and pace over weeks and months, against last year."
        action={
          <Button variant="contained" startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
            Upload activities
          </Button>
        }
      />
      {charts.error && <Alert severity="error">{charts.error.message}</Alert>}
      {!data && !charts.error && <Skeleton variant="rounded" height={320} />}
      {data && !data.hasActivities && (
        <Card>
          <ActivitiesEmptyState filtered={false} onUpload={() => setUploading(true)} />
        </Card>
      )}
      {data?.hasActivities && (
        <Stack spacing={2}>
          <ChartControls period={period} type={type} onChange={change} />
          <Box sx={{ height: 4 }}>{charts.isPlaceholderData && <LinearProgress aria-label="Loading" />}</Box>
          <PeriodTotals totals={data.totals} units={units} />
          <VolumeCharts rows={bucketRows(data, units)} units={units} view={data} />
          <HeartRateZonesChart charts={data} />
          <LoadChart load={data.load} heartRate={data.heartRate} period={data.period} type={data.type} />
          <PersonalBestsCard units={units} />
          <RunningDaysCard units={units} />
        </Stack>
      )}
      <UploadDialog open={uploading} onClose={() => setUploading(false)} />
    </Box>
  );
}
