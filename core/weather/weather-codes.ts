/** WMO weather interpretation codes (WW) as Open-Meteo documents them, in a few words each. */
const WEATHER_CODE_TEXT: Readonly<Record<number, string>> = {
  0: 'Clear sky',
  1: 'Mainly clear',
  2: 'Partly cloudy',
  3: 'Overcast',
  45: 'Fog',
  48: 'Freezing fog',
  51: 'Light drizzle',
  53: 'Drizzle',
  55: 'Heavy drizzle',
  56: 'Freezing drizzle',
  57: 'Heavy freezing drizzle',
  61: 'Light rain',
  63: 'Rain',
  65: 'Heavy rain',
  66: 'Freezing rain',
  67: 'Heavy freezing rain',
  71: 'Light snow',
  73: 'Snow',
  75: 'Heavy snow',
  77: 'Snow grains',
  80: 'Light showers',
  81: 'Showers',
  82: 'Violent showers',
  85: 'Snow showers',
  86: 'Heavy snow showers',
  95: 'Thunderstorm',
  96: 'Thunderstorm with hail',
  99: 'Thunderstorm with heavy hail',
};

export const UNKNOWN_WEATHER_TEXT = 'Unknown conditions';

export function weatherCodeText(code: number | null): string {
  return (code === null ? undefined : WEATHER_CODE_TEXT[code]) ?? UNKNOWN_WEATHER_TEXT;
}

/** Thunderstorms (95–99): no hour with one is a good time to run. */
export function isThunderstorm(code: number | null): boolean {
  return code !== null && code >= 95 && code <= 99;
}

/** The picture a weather code is drawn with (the web maps each to an icon). */
export type WeatherIconKind =
  'clear' | 'partly-cloudy' | 'cloudy' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'thunderstorm';

export function weatherIconKind(code: number | null): WeatherIconKind {
  if (code === null) {
    return 'cloudy';
  }
  if (code <= 1) {
    return 'clear';
  }
  if (code === 2) {
    return 'partly-cloudy';
  }
  if (code === 45 || code === 48) {
    return 'fog';
  }
  if (code >= 51 && code <= 57) {
    return 'drizzle';
  }
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) {
    return 'rain';
  }
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) {
    return 'snow';
  }
  return isThunderstorm(code) ? 'thunderstorm' : 'cloudy';
}
