/**
 * The dashboard's weather: current conditions where the runner runs, the next 12 hours and the
 * best hour to run among them and why. A provider failure (or any failed request) reads "Weather
 * unavailable"; without a location, how to get one.
 */
import CloudOffIcon from '@mui/icons-material/CloudOff';
import DirectionsRunIcon from '@mui/icons-material/DirectionsRun';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { bestHourSentence } from '../../../core/weather/best-time.ts';
import { WEATHER_UNAVAILABLE_TEXT, type Weather } from '../../../core/weather/weather-api.ts';
import { weatherCodeText } from '../../../core/weather/weather-codes.ts';
import { formatPrecipitation, formatTemperature, formatWindSpeed } from '../../../core/weather/weather-units.ts';
import { BestTimeReasons } from './BestTimeReasons.tsx';
import { ForecastStrip } from './ForecastStrip.tsx';
import { useWeather } from './weather-api.ts';
import { formatHour } from './weather-format.ts';
import { WeatherIcon } from './WeatherIcon.tsx';

type Forecast = Extract<Weather, { status: 'ok' }>;

function CurrentConditions({ weather, units }: { weather: Forecast; units: UnitSystem }) {
  const { current } = weather;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="weather-current">
      <WeatherIcon code={current.weatherCode} fontSize={52} />
      <Typography
        variant="h3"
        component="p"
        sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontSize: { xs: '2.25rem', sm: '3rem' } }}
      >
        {formatTemperature(current.temperature, units)}
      </Typography>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{weatherCodeText(current.weatherCode)}</Typography>
        <Typography variant="body2" color="text.secondary">
          Wind {formatWindSpeed(current.windSpeed, units)} · Rain {formatPrecipitation(current.precipitation, units)}
        </Typography>
      </Box>
    </Stack>
  );
}

function WeatherBody({ weather, units, onUpload }: { weather: Weather; units: UnitSystem; onUpload: () => void }) {
  if (weather.status === 'unavailable') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <CloudOffIcon fontSize="small" />
        <Typography>{weather.message}</Typography>
      </Stack>
    );
  }
  if (weather.status === 'no-location') {
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">{weather.message}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button component={RouterLink} to="/account" variant="outlined" size="small">
            Set your location
          </Button>
          <Button variant="outlined" size="small" onClick={onUpload}>
            Upload a run
          </Button>
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <CurrentConditions weather={weather} units={units} />
      <Alert icon={<DirectionsRunIcon fontSize="inherit" />} severity="success" variant="outlined">
        {bestHourSentence(weather.bestHour, units, formatHour)}
        {weather.bestHour && <BestTimeReasons hour={weather.bestHour} units={units} />}
      </Alert>
      <ForecastStrip hours={weather.hours} best={weather.bestHour?.time ?? null} units={units} />
    </Stack>
  );
}

export function WeatherCard({
  location,
  units,
  onUpload,
}: {
  /** The profile's location text; undefined while the profile loads. */
  location: string | undefined;
  units: UnitSystem;
  onUpload: () => void;
}) {
  const { data, isError } = useWeather(location);
  const unavailable: Weather = { status: 'unavailable', message: WEATHER_UNAVAILABLE_TEXT };
  const weather = isError ? unavailable : data;
  return (
    <Card data-testid="weather-card">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5 }}>
          <Typography variant="h6" component="h2">
            Weather
          </Typography>
          {weather?.status === 'ok' && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {weather.location.label}
            </Typography>
          )}
        </Stack>
        {weather ? (
          <WeatherBody weather={weather} units={units} onUpload={onUpload} />
        ) : (
          <Skeleton variant="rounded" height={120} />
        )}
      </CardContent>
    </Card>
  );
}
