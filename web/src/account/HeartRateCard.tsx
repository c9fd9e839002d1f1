/**
 * Account Settings → "Heart rate": the runner's own maximum heart rate, from which the Charts page
 * draws the heart-rate zones and the training load. Empty means the highest their activities
 * recorded (shown as such), else core's assumption.
 */
import { Alert, Box, Button, CircularProgress, InputAdornment, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { parseMaxHeartRateInput, type HeartRateSettings } from '../../../core/running/heart-rate-api.ts';
import { HEART_RATE_ZONE_MODEL } from '../../../core/running/heart-rate-zones.ts';
import { useHeartRateSettings, useUpdateHeartRateSettings } from '../charts/heart-rate-api.ts';
import { AccountSection } from './AccountSection.tsx';

function usedText(settings: HeartRateSettings): string {
  switch (settings.source) {
    case 'set':
      return `Zones and training load use your ${settings.effectiveMaxHeartRate} bpm.`;
    case 'seen':
      return `Without one, they use the highest your activities recorded: ${settings.effectiveMaxHeartRate} bpm.`;
    default:
      return `Without one, and with no heart rate recorded yet, they assume ${settings.effectiveMaxHeartRate} bpm.`;
  }
}

function HeartRateForm({ settings }: { settings: HeartRateSettings }) {
  const update = useUpdateHeartRateSettings();
  const [text, setText] = useState(settings.maxHeartRate === null ? '' : String(settings.maxHeartRate));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMaxHeartRateInput(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    update.mutate(parsed, { onSuccess: () => setSaved(true) });
  };
  const shown = error ?? (update.error ? update.error.message : null);
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Maximum heart rate"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setSaved(false);
          }}
          error={shown !== null}
          helperText={shown ?? usedText(settings)}
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            input: { endAdornment: <InputAdornment position="end">bpm</InputAdornment> },
          }}
          sx={{ flex: 1, maxWidth: { sm: 360 } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={update.isPending}
          startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ mt: { sm: 1 } }}
        >
          Save heart rate
        </Button>
      </Stack>
      {saved && !update.isPending && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {settings.maxHeartRate === null ? 'Your maximum heart rate is cleared.' : 'Maximum heart rate saved.'}
        </Alert>
      )}
    </Box>
  );
}

export function HeartRateCard() {
  const settings = useHeartRateSettings();
  return (
    <AccountSection
      id="heart-rate"
      title="Heart rate"
      description={`Your maximum heart rate sets your heart-rate zones (${HEART_RATE_ZONE_MODEL}) and training load on Charts. Leave it empty to use the highest your activities recorded.`}
    >
      {settings.error && <Alert severity="error">{settings.error.message}</Alert>}
      {settings.data && <HeartRateForm settings={settings.data} />}
    </AccountSection>
  );
}
