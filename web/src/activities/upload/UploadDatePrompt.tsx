/**
 * The upload dialog's question for a file without any date uploaded alone: its start date and time
 * on the runner's clock (today, now to begin with), sent with the file again.
 */
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { FALLBACK_TIME_ZONE, localDateTime } from '../../../../core/activity/time-zone.ts';
import { UPLOAD_DATE_TEXTS } from '../../../../core/activity/upload-rules.ts';
import { DateTimeFields } from '../../components/DateTimeFields.tsx';
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
      <DateTimeFields
        date={{
          label: UPLOAD_DATE_TEXTS.date,
          required: true,
          value: date,
          onChange: (event) => setDate(event.target.value),
        }}
        time={{
          label: UPLOAD_DATE_TEXTS.time,
          required: true,
          value: time,
          onChange: (event) => setTime(event.target.value),
        }}
      />
      <Button type="submit" variant="contained" disabled={date === '' || time === ''} sx={{ alignSelf: 'flex-start' }}>
        {UPLOAD_DATE_TEXTS.submit}
      </Button>
    </Stack>
  );
}
