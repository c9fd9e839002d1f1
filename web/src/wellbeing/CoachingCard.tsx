/** Coaching settings: a daily reminder (on or off, and when) and what the coaching focuses on. */
import {
  Alert,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  COACHING_FOCUSES,
  coachingSettingsSchema,
  type CoachingFocus,
  type CoachingSettings,
} from '../../../core/wellbeing/check-in.ts';
import { reminderHint } from './reminder-hint.ts';
import { useUpdateCoachingSettings } from './wellbeing-api.ts';

export const FOCUS_LABELS: Readonly<Record<CoachingFocus, string>> = {
  general: 'General fitness',
  recovery: 'Recovery',
  performance: 'Performance',
  consistency: 'Consistency',
};

export function CoachingCard({ settings }: { settings: CoachingSettings }) {
  const [draft, setDraft] = useState<CoachingSettings>(settings);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateCoachingSettings();
  const submit = () => {
    const parsed = coachingSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Coaching
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          When the dashboard reminds you to check in, and what its coaching tips focus on.
        </Typography>
        <Stack spacing={2}>
          <FormControlLabel
            control={
              <Switch
                checked={draft.remindersEnabled}
                onChange={(event) => setDraft({ ...draft, remindersEnabled: event.target.checked })}
              />
            }
            label="Daily check-in reminder"
          />
          <TextField
            label="Reminder time"
            type="time"
            value={draft.reminderTime}
            onChange={(event) => setDraft({ ...draft, reminderTime: event.target.value })}
            error={Boolean(errors.reminderTime)}
            helperText={errors.reminderTime ?? reminderHint(draft.reminderTime)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            label="Focus"
            value={draft.focus}
            onChange={(event) => setDraft({ ...draft, focus: event.target.value as CoachingFocus })}
            error={Boolean(errors.focus)}
            helperText={errors.focus ?? ' '}
          >
            {COACHING_FOCUSES.map((focus) => (
              <MenuItem key={focus} value={focus}>
                {FOCUS_LABELS[focus]}
              </MenuItem>
            ))}
          </TextField>
          {save.error && <Alert severity="error">{save.error.message}</Alert>}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" onClick={submit} disabled={save.isPending}>
              Save coaching settings
            </Button>
            {save.isSuccess && (
              <Typography variant="body2" color="text.secondary">
                Saved.
              </Typography>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
