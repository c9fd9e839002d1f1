/** Pace ↔ time ↔ distance: any two give the third, shown in kilometres and miles at once. */
import { Alert, Chip, Grid, Stack, Typography } from '@mui/material';
import { RACE_PRESETS } from '../../../core/running/pace.ts';
import { formatDistance, formatDuration, formatPacePerMetre } from '../lib/format.ts';
import type { CalculatorCardProps } from './calculator-props.ts';
import { CalculatorCard, QueryField } from './CalculatorCard.tsx';

const PRESET_TEXT: Readonly<Record<string, string>> = { '5k': '5K', '10k': '10K', half: 'half', marathon: 'marathon' };

export function PaceCard(props: CalculatorCardProps) {
  const { query, result, onChange } = props;
  const presetText = Object.values(PRESET_TEXT);
  const isCustom = query.d !== '' && !presetText.includes(query.d);
  const solution = result.solution;
  const field = (key: 'd' | 't' | 'p', label: string, placeholder: string) => (
    <QueryField
      of={props}
      field={key}
      fullWidth
      label={label}
      placeholder={placeholder}
      slotProps={{ htmlInput: { 'aria-label': label, autoComplete: 'off' } }}
    />
  );
  return (
    <CalculatorCard title="Pace, time and distance">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {RACE_PRESETS.map((preset) => (
          <Chip
            key={preset.id}
            label={preset.label}
            color={query.d === PRESET_TEXT[preset.id] ? 'primary' : 'default'}
            onClick={() => onChange('d', PRESET_TEXT[preset.id] ?? '')}
          />
        ))}
        <Chip label="Custom" color={isCustom ? 'primary' : 'default'} onClick={() => onChange('d', '')} />
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>{field('d', 'Distance', '10K, 13.1 mi, 400 m')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('t', 'Time', '45:00 or 1:55:00')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('p', 'Pace', '4:30/km or 7:15/mi')}</Grid>
      </Grid>
      {solution ? (
        <Grid container spacing={2} aria-label="Result">
          {[
            [
              'Distance',
              `${formatDistance(solution.metres, 'metric')} · ${formatDistance(solution.metres, 'imperial')}`,
            ],
            ['Time', formatDuration(solution.seconds)],
            [
              'Pace',
              `${formatPacePerMetre(solution.secondsPerMetre, 'metric')} · ${formatPacePerMetre(solution.secondsPerMetre, 'imperial')}`,
            ],
          ].map(([label, value]) => (
            <Grid key={label} size={{ xs: 12, sm: 4 }}>
              <Typography variant="overline" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h6" data-testid={`result-${label?.toLowerCase()}`}>
                {value}
              </Typography>
            </Grid>
          ))}
        </Grid>
      ) : (
        <Alert severity="info">{result.missing}</Alert>
      )}
    </CalculatorCard>
  );
}
