/** The period (12 weeks, 12 months, this year, all time) and the activity type the charts show. */
import { MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { UPLOAD_ACTIVITY_TYPES } from '../../../core/activity/parsed.ts';
import { CHART_TYPE_ALL } from '../../../core/charts/chart-api.ts';
import { CHART_PERIOD_LABELS, CHART_PERIODS, type ChartPeriod } from '../../../core/charts/chart-periods.ts';
import { ACTIVITY_TYPE_LABELS } from '../lib/activity-format.ts';

export function ChartControls({
  period,
  type,
  onChange,
}: {
  period: ChartPeriod;
  type: string;
  onChange: (change: { period?: ChartPeriod; type?: string }) => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
      <ToggleButtonGroup
        value={period}
        exclusive
        size="small"
        aria-label="Period"
        sx={{ width: { xs: '100%', sm: 'auto' }, '& .MuiToggleButton-root': { flex: { xs: 1, sm: 'none' } } }}
        onChange={(_, value: ChartPeriod | null) => value && onChange({ period: value })}
      >
        {CHART_PERIODS.map((value) => (
          <ToggleButton key={value} value={value} sx={{ px: { xs: 1, sm: 1.5 }, whiteSpace: 'nowrap' }}>
            {CHART_PERIOD_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        select
        size="small"
        label="Type"
        value={type}
        onChange={(event) => onChange({ type: event.target.value })}
        sx={{ width: { xs: '100%', sm: 200 } }}
      >
        <MenuItem value={CHART_TYPE_ALL}>All types</MenuItem>
        {UPLOAD_ACTIVITY_TYPES.map((value) => (
          <MenuItem key={value} value={value}>
            {ACTIVITY_TYPE_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
