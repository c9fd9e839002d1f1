/**
 * Account → "Time zone": the zone Stride writes dates and times in and counts the runner's days in.
 * Empty follows the browser's zone; any IANA zone the browser knows can be chosen.
 */
import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { browserTimeZone } from '../lib/time-zone.ts';

function knownZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

export function TimeZoneField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (zone: string | null) => void;
  error?: string | undefined;
}) {
  const zones = useMemo(() => knownZones(), []);
  const browser = browserTimeZone() ?? 'UTC';
  return (
    <Autocomplete
      options={zones}
      value={value}
      onChange={(_event, zone) => onChange(zone)}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          label="Time zone"
          placeholder={`Your browser's: ${browser}`}
          error={Boolean(error)}
          helperText={
            error ??
            (value === null
              ? `Dates, times and your days follow your browser's zone (${browser}).`
              : `Dates, times and your days are in ${value}. Clear it to follow your browser (${browser}).`)
          }
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}
