/**
 * /debug/prime-weather: fills the shared forecast cache for the runner's location on opening (and
 * again on request) and shows what is cached — the place, the cache key, when it was fetched and
 * from which provider — so an operator can check the weather set-up.
 */
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
} from '@mui/material';
import { useEffect, useRef } from 'react';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { WEATHER_UNAVAILABLE_TEXT, type Weather } from '../../../core/weather/weather-api.ts';
import { weatherCodeText } from '../../../core/weather/weather-codes.ts';
import { formatTemperature } from '../../../core/weather/weather-units.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useUnits } from '../lib/use-units.ts';
import { usePrimeWeather } from './weather-api.ts';
import { formatDateTime, formatHour } from './weather-format.ts';
import { formatDecimal } from '../lib/format.ts';

type Forecast = Extract<Weather, { status: 'ok' }>;

function primedRows(weather: Forecast, units: UnitSystem): [string, string][] {
  const { location, origin, hours, current } = weather;
  const first = hours[0];
  const last = hours.at(-1);
  return [
    ['Location', location.source === 'profile' ? `${location.label} (your profile)` : `${location.label} (its start)`],
    ['Coordinates', `${formatDecimal(location.lat, 2)}, ${formatDecimal(location.lng, 2)}`],
    ['Cache key', origin.cacheKey],
    [
      'Fetched',
      `${formatDateTime(Date.parse(origin.fetchedAt))} — ${origin.fetchedNow ? 'fetched just now' : 'already cached (fetched less than 30 minutes ago)'}`,
    ],
    ['From', origin.source],
    ['Hours', first && last ? `${hours.length} hours, ${formatHour(first.time)} to ${formatHour(last.time)}` : 'none'],
    ['Now', `${formatTemperature(current.temperature, units)}, ${weatherCodeText(current.weatherCode)}`],
  ];
}

export default function PrimeWeatherPage() {
  const prime = usePrimeWeather();
  const { units } = useUnits();
  const started = useRef(false);
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      prime.mutate();
    }
  }, [prime]);
  const weather: Weather | undefined = prime.isError
    ? { status: 'unavailable', message: WEATHER_UNAVAILABLE_TEXT }
    : prime.data;
  return (
    <Stack sx={{ maxWidth: 880 }}>
      <PageHeader
        title="Prime weather"
        subtitle="Fills the weather cache for your location and shows what was fetched, when and from where."
        action={
          <Button
            variant="contained"
            startIcon={<RefreshIcon />}
            disabled={prime.isPending}
            onClick={() => prime.mutate()}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            Prime again
          </Button>
        }
      />
      <Card>
        {prime.isPending && <LinearProgress />}
        <CardContent>
          {weather?.status === 'ok' ? (
            <Table size="small" aria-label="Primed forecast">
              <TableBody>
                {primedRows(weather, units).map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell
                      component="th"
                      scope="row"
                      sx={{ color: 'text.secondary', width: { xs: 96, sm: 140 }, pl: { xs: 0, sm: 2 } }}
                    >
                      {label}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : weather ? (
            <Alert severity={weather.status === 'unavailable' ? 'warning' : 'info'}>{weather.message}</Alert>
          ) : null}
        </CardContent>
      </Card>
    </Stack>
  );
}
