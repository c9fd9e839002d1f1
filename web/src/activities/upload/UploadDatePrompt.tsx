/**
 * The upload dialog's question for a file without any date uploaded alone: its start date and time
 * on the runner's clock (today, now to begin with), sent with the file again.
 */
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { FALLBACK_TIME_ZONE, localDateTime } from '../../../../core/activity/time-zone.ts';
import { UPLOAD_DATE_TEXTS } from '../../../../core/activity/upload-rules.ts';
import { runnerTimeZone } from '../../lib/time-zone.ts';

export function UploadDatePrompt({ onSubmit }: { onSubmit: (startDateLocal: string) => void }) {
  const [start] = useState(() => localDateTime(Date.now(), runnerTimeZone() ?? FALLBACK_TIME_ZONE));
  const [date, setDate] = useState(start.slice(0, 10));
  const [time, setTime] = useState(start.slice(11, 16));
  return (
    <Stack
      component="form"
      spacing={1.5}
      aria-labelledby="upload-date-prompt"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(`${date}T${time}`);
      }}
    >
      <Typography id="upload-date-prompt" variant="subtitle1" component="h3">
        {UPLOAD_DATE_TEXTS.prompt}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
        <TextField
          label={UPLOAD_DATE_TEXTS.date}
          type="date"
          fullWidth
          required
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={UPLOAD_DATE_TEXTS.time}
          type="time"
          fullWidth
          required
          value={time}
          onChange={(event) => setTime(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Button type="submit" variant="contained" disabled={date === '' || time === ''} sx={{ alignSelf: 'flex-start' }}>
        {UPLOAD_DATE_TEXTS.submit}
      </Button>
    </Stack>
  );
}
