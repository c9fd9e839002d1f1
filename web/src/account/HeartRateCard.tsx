/**
 * Account Settings → "Heart rate": the runner's maximum, resting and lactate-threshold heart rate,
 * threshold pace, and the method of their heart-rate zones, from which the Charts page draws the
 * zones and the training load (and readiness reads the load). Empty means the highest their
 * activities recorded (maximum) or core's assumption (resting, threshold pace).
 */
import {
  Alert,
  Box,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import {
  heartRateSavedText,
  parseHeartRateSettingsInput,
  ZONE_METHOD_LABELS,
  type HeartRateField,
  type HeartRateSettings,
} from '../../../core/running/heart-rate-api.ts';
import { HEART_RATE_ZONE_METHODS, type HeartRateZoneMethod } from '../../../core/running/heart-rate-zones.ts';
import { formatPaceSeconds } from '../lib/format.ts';
import { useHeartRateSettings, useUpdateHeartRateSettings } from './heart-rate-api.ts';
import { SubmitButton } from '../lib/form-fields.tsx';
import { AccountSection } from '../components/AccountSection.tsx';

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

const bpmText = (value: number | null) => (value === null ? '' : String(value));

function HeartRateForm({ settings }: { settings: HeartRateSettings }) {
  const update = useUpdateHeartRateSettings();
  const [texts, setTexts] = useState({
    maxHeartRate: bpmText(settings.maxHeartRate),
    restingHeartRate: bpmText(settings.restingHeartRate),
    lactateThresholdHeartRate: bpmText(settings.lactateThresholdHeartRate),
    thresholdPace:
      settings.thresholdPaceSecondsPerKm === null ? '' : `${formatPaceSeconds(settings.thresholdPaceSecondsPerKm)}/km`,
  });
  const [zoneMethod, setZoneMethod] = useState<HeartRateZoneMethod>(settings.zoneMethod);
  const [errors, setErrors] = useState<Partial<Record<HeartRateField, string>>>({});
  /** What the last save changed, said once it succeeded. */
  const [saved, setSaved] = useState<string | null>(null);
  const edit = (field: HeartRateField) => (value: string) => {
    setTexts((current) => ({ ...current, [field]: value }));
    setSaved(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseHeartRateSettingsInput({ ...texts, zoneMethod });
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    const text = heartRateSavedText(settings, parsed.update);
    update.mutate(parsed.update, { onSuccess: () => setSaved(text) });
  };
  const field = (name: HeartRateField, label: string, hint: string, unit: string, inputMode: 'numeric' | 'text') => (
    <TextField
      label={label}
      value={texts[name]}
      onChange={(event) => edit(name)(event.target.value)}
      error={errors[name] !== undefined}
      helperText={errors[name] ?? hint}
      slotProps={{
        htmlInput: { inputMode },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {},
      }}
      sx={{ flex: 1 }}
    />
  );
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          {field('maxHeartRate', 'Maximum heart rate', usedText(settings), 'bpm', 'numeric')}
          {field(
            'restingHeartRate',
            'Resting heart rate',
            settings.restingHeartRateSource === 'set'
              ? 'Training load and heart-rate-reserve zones use it.'
              : `Without one, ${settings.effectiveRestingHeartRate} bpm is assumed.`,
            'bpm',
            'numeric',
          )}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          {field(
            'lactateThresholdHeartRate',
            'Lactate-threshold heart rate',
            'The heart rate you can hold for about an hour of racing.',
            'bpm',
            'numeric',
          )}
          {field(
            'thresholdPace',
            'Threshold pace',
            settings.thresholdPaceSource === 'set'
              ? 'Runs without heart rate are loaded against it (e.g. 4:30/km or 7:15/mi).'
              : `Runs without heart rate are loaded against it; without one, ${formatPaceSeconds(settings.effectiveThresholdPaceSecondsPerKm)}/km is assumed.`,
            '',
            'text',
          )}
        </Stack>
        {update.error && (
          <Alert severity="error" role="alert">
            {update.error.message}
          </Alert>
        )}
        <FormControl>
          <FormLabel id="zone-method-label">Heart-rate zones by</FormLabel>
          <RadioGroup
            aria-labelledby="zone-method-label"
            value={zoneMethod}
            onChange={(event) => {
              setZoneMethod(event.target.value as HeartRateZoneMethod);
              setSaved(null);
            }}
          >
            {HEART_RATE_ZONE_METHODS.map((method) => (
              <FormControlLabel key={method} value={method} control={<Radio />} label={ZONE_METHOD_LABELS[method]} />
            ))}
          </RadioGroup>
        </FormControl>
        <Box>
          <SubmitButton pending={update.isPending} size="medium">
            Save heart rate
          </SubmitButton>
        </Box>
      </Stack>
      {saved && !update.isPending && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {saved}
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
      description="Your heart rates and threshold pace set your heart-rate zones and training load on Charts (and the load readiness compares). Leave the maximum empty to use the highest your activities recorded."
    >
      {settings.error && <Alert severity="error">{settings.error.message}</Alert>}
      {settings.data && <HeartRateForm settings={settings.data} />}
    </AccountSection>
  );
}
