/** A weather code drawn as its icon family (core/weather/weather-codes.ts), labelled with its words. */
import AcUnitIcon from '@mui/icons-material/AcUnit';
import CloudIcon from '@mui/icons-material/Cloud';
import FoggyIcon from '@mui/icons-material/Foggy';
import GrainIcon from '@mui/icons-material/Grain';
import ThunderstormIcon from '@mui/icons-material/Thunderstorm';
import UmbrellaIcon from '@mui/icons-material/Umbrella';
import WbCloudyIcon from '@mui/icons-material/WbCloudy';
import WbSunnyIcon from '@mui/icons-material/WbSunny';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import { weatherCodeText, weatherIconKind, type WeatherIconKind } from '../../../core/weather/weather-codes.ts';

const ICONS: Readonly<Record<WeatherIconKind, { icon: ComponentType<SvgIconProps>; color: string }>> = {
  clear: { icon: WbSunnyIcon, color: '#ffca28' },
  'partly-cloudy': { icon: WbCloudyIcon, color: '#ffe082' },
  cloudy: { icon: CloudIcon, color: '#b0bec5' },
  fog: { icon: FoggyIcon, color: '#b0bec5' },
  drizzle: { icon: GrainIcon, color: '#81d4fa' },
  rain: { icon: UmbrellaIcon, color: '#4fc3f7' },
  snow: { icon: AcUnitIcon, color: '#e1f5fe' },
  thunderstorm: { icon: ThunderstormIcon, color: '#ffb74d' },
};

export function WeatherIcon({ code, fontSize }: { code: number | null; fontSize?: SvgIconProps['fontSize'] | number }) {
  const { icon: Icon, color } = ICONS[weatherIconKind(code)];
  return typeof fontSize === 'number' ? (
    <Icon titleAccess={weatherCodeText(code)} sx={{ color, fontSize }} />
  ) : (
    <Icon titleAccess={weatherCodeText(code)} fontSize={fontSize ?? 'medium'} sx={{ color }} />
  );
}
