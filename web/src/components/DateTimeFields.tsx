/**
 * A start's date and time fields side by side (one above the other on a phone), their labels held
 * above the browser's own date and time pickers; `children` continue the row (the edit dialog's time zone).
 */
import { Stack, TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';

export function DateTimeFields({
  date,
  time,
  children,
}: {
  /** The date field's props beyond its type: value, change, helper text… (label "Date" unless given). */
  date: TextFieldProps;
  /** Likewise for the time field (label "Start time" unless given). */
  time: TextFieldProps;
  children?: ReactNode;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
      <TextField label="Date" fullWidth slotProps={{ inputLabel: { shrink: true } }} {...date} type="date" />
      <TextField label="Start time" fullWidth slotProps={{ inputLabel: { shrink: true } }} {...time} type="time" />
      {children}
    </Stack>
  );
}
