/**
 * The weather at an activity's start, from the provider's archive (stored with the activity once
 * found). Nothing for an activity without a start point; "Weather unavailable" while the archive
 * fails or has no data yet.
 */
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Box, Stack, Typography } from '@mui/material';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { weatherCodeText } from '../../../core/weather/weather-codes.ts';
import { WEATHER_UNAVAILABLE_TEXT } from '../../../core/weather/weather-api.ts';
import { formatPrecipitation, formatTemperature, formatWindSpeed } from '../../../core/weather/weather-units.ts';
import { DetailSection } from '../components/DetailSection.tsx';
import { useActivityWeather } from './weather-api.ts';
import { WeatherIcon } from './WeatherIcon.tsx';

export function ActivityWeatherSection({ activityId, units }: { activityId: string; units: UnitSystem }) {
  const { data, isError } = useActivityWeather(activityId);
  if (!isError && (!data || data.status === 'none')) {
    return null;
  }
  return (
    <DetailSection title="Weather at the start">
      {data?.status !== 'ok' ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <CloudOffIcon fontSize="small" />
          <Typography>{WEATHER_UNAVAILABLE_TEXT}</Typography>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="activity-weather">
          <WeatherIcon code={data.weather.weatherCode} fontSize={40} />
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {data.weather.temperature === null ? '–' : formatTemperature(data.weather.temperature, units)}
          </Typography>
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{weatherCodeText(data.weather.weatherCode)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[
                data.weather.windSpeed === null ? null : `Wind ${formatWindSpeed(data.weather.windSpeed, units)}`,
                data.weather.precipitation === null
                  ? null
                  : `Rain ${formatPrecipitation(data.weather.precipitation, units)}`,
              ]
                .filter((part) => part !== null)
                .join(' · ')}
            </Typography>
          </Box>
        </Stack>
      )}
    </DetailSection>
  );
}
