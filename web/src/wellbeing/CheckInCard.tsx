/**
 * The daily check-in: eight answers, each saying which end of its scale is good (starting from the
 * runner's saved defaults, or today's check-in when there is one) and an optional note; once saved, today's score with a word for it.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { DEFAULT_WELLBEING_PREFERENCES, type WellbeingPreferences } from '../../../core/profile.ts';
import { checkInSchema, type WellbeingAnswer } from '../../../core/wellbeing/check-in.ts';
import type { StoredCheckIn } from '../../../core/wellbeing/wellbeing-api.ts';
import { CHECK_IN_QUESTIONS, goodEndHint, LEVEL_LABELS, WELLBEING_LEVELS } from './check-in-form.ts';
import { scoreChip } from './readiness-view.ts';
import { useSaveCheckIn, useUpdateWellbeingPreferences } from './wellbeing-api.ts';

function answersOf(source: WellbeingPreferences): WellbeingPreferences {
  return Object.fromEntries(CHECK_IN_QUESTIONS.map(({ answer }) => [answer, source[answer]])) as WellbeingPreferences;
}

export function CheckInCard({
  today,
  defaults,
}: {
  today: StoredCheckIn | null;
  defaults: WellbeingPreferences | undefined;
}) {
  const [answers, setAnswers] = useState<WellbeingPreferences>(() =>
    answersOf(today ?? defaults ?? DEFAULT_WELLBEING_PREFERENCES),
  );
  const [note, setNote] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const save = useSaveCheckIn();
  const saveDefaults = useUpdateWellbeingPreferences();
  const set = (answer: WellbeingAnswer, level: WellbeingPreferences[WellbeingAnswer] | null) =>
    level && setAnswers((current) => ({ ...current, [answer]: level }));
  const submit = () => {
    const parsed = checkInSchema.safeParse({ ...answers, ...(note.trim() ? { note } : {}) });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Check your answers.');
      return;
    }
    setFieldError(null);
    save.mutate(parsed.data, { onSuccess: () => setNote('') });
  };
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            Daily check-in
          </Typography>
          {today && (
            <Chip
              color={scoreChip(today.wellbeingScore).colour}
              data-testid="today-score"
              label={`Today: ${scoreChip(today.wellbeingScore).text}`}
            />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {today ? 'Checked in today. Check in again if things change; the latest counts.' : 'How are you today?'}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
            gap: { xs: 0.5, sm: 1.5 },
            alignItems: 'center',
          }}
        >
          {CHECK_IN_QUESTIONS.map(({ answer, label }) => (
            <Box key={answer} sx={{ display: 'contents' }}>
              <Box sx={{ mt: { xs: 1, sm: 0 } }}>
                <Typography id={`answer-${answer}`} variant="body2">
                  {label}
                </Typography>
                <Typography id={`answer-${answer}-hint`} variant="caption" color="text.secondary" component="p">
                  {goodEndHint(answer)}
                </Typography>
              </Box>
              <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                value={answers[answer]}
                onChange={(_, level: WellbeingPreferences[WellbeingAnswer] | null) => set(answer, level)}
                aria-labelledby={`answer-${answer}`}
                aria-describedby={`answer-${answer}-hint`}
              >
                {WELLBEING_LEVELS.map((level) => (
                  <ToggleButton key={level} value={level} sx={{ px: 1.5, flex: { xs: 1, sm: 'none' } }}>
                    {LEVEL_LABELS[level]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
          ))}
        </Box>
        <TextField
          label="Note (optional)"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          sx={{ mt: 2 }}
          error={fieldError !== null}
          helperText={fieldError ?? ' '}
        />
        {save.error && <Alert severity="error">{save.error.message}</Alert>}
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            Save check-in
          </Button>
          <Button onClick={() => saveDefaults.mutate(answers)} disabled={saveDefaults.isPending}>
            Use these answers as my defaults
          </Button>
        </Stack>
        {saveDefaults.isSuccess && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Defaults saved. Hydration and nutrition always start at high.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
