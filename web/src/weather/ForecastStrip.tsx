/** The next 12 hours side by side: the hour, its icon, temperature and chance of rain; scrolls on a phone. */
import { Box, Stack, Typography } from '@mui/material';
import type { UnitSystem } from '../../../core/unit-system.ts';
import type { WeatherHour } from '../../../core/weather/weather-api.ts';
import { formatTemperature } from '../../../core/weather/weather-units.ts';
import { formatHour } from './weather-format.ts';
import { WeatherIcon } from './WeatherIcon.tsx';

export function ForecastStrip({
  hours,
  best,
  units,
}: {
  hours: WeatherHour[];
  best: number | null;
  units: UnitSystem;
}) {
  return (
    <Box
      component="ol"
      aria-label="Next 12 hours"
      // It scrolls sideways on a phone: focusable, so the keyboard scrolls it too.
      tabIndex={0}
      sx={{
        display: 'flex',
        gap: 0.75,
        overflowX: 'auto',
        listStyle: 'none',
        m: 0,
        p: 0,
        pb: 0.5,
        '&:focus-visible': { outline: 1, outlineColor: 'primary.main' },
      }}
    >
      {hours.map((hour) => (
        <Stack
          component="li"
          key={hour.time}
          spacing={0.25}
          sx={{
            alignItems: 'center',
            minWidth: 60,
            flex: '1 0 60px',
            py: 1,
            borderRadius: 1,
            border: 1,
            borderColor: hour.time === best ? 'primary.main' : 'divider',
            bgcolor: hour.time === best ? 'action.selected' : 'transparent',
          }}
        >
          <Typography variant="caption" color="text.secondary">
            {formatHour(hour.time)}
          </Typography>
          <WeatherIcon code={hour.weatherCode} />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {hour.temperature === null ? '–' : formatTemperature(hour.temperature, units)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {hour.precipitationProbability === null ? ' ' : `${Math.round(hour.precipitationProbability)}%`}
          </Typography>
        </Stack>
      ))}
    </Box>
  );
}
