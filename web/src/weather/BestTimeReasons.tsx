/** Why the best hour won, one chip per factor: green where it helped, amber where it counted against. */
import { Chip, Stack } from '@mui/material';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { bestHourReasons } from '../../../core/weather/best-time-reasons.ts';
import type { WeatherHour } from '../../../core/weather/weather-api.ts';

export function BestTimeReasons({ hour, units }: { hour: WeatherHour; units: UnitSystem }) {
  return (
    <Stack
      component="ul"
      aria-label="Why this hour"
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 0.75, listStyle: 'none', m: 0, mt: 1, p: 0 }}
    >
      {bestHourReasons(hour, units).map((reason) => (
        <Chip
          component="li"
          key={reason.factor}
          size="small"
          variant="outlined"
          color={reason.good ? 'success' : 'warning'}
          label={reason.text}
        />
      ))}
    </Stack>
  );
}
