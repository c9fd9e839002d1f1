/** The icon of an activity's type (core/activity/parsed.ts UPLOAD_ACTIVITY_TYPES). */
import DirectionsBikeIcon from '@mui/icons-material/DirectionsBike';
import DirectionsRunIcon from '@mui/icons-material/DirectionsRun';
import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import FitnessCenterIcon from '@mui/icons-material/FitnessCenter';
import HikingIcon from '@mui/icons-material/Hiking';
import PoolIcon from '@mui/icons-material/Pool';
import type { SvgIconProps } from '@mui/material';
import type { UploadActivityType } from '../../../core/activity/parsed.ts';
import { ACTIVITY_TYPE_LABELS } from '../lib/activity-format.ts';

const ICONS = {
  run: DirectionsRunIcon,
  ride: DirectionsBikeIcon,
  walk: DirectionsWalkIcon,
  hike: HikingIcon,
  swim: PoolIcon,
  other: FitnessCenterIcon,
} as const;

export function ActivityTypeIcon({ type, ...props }: { type: UploadActivityType } & SvgIconProps) {
  const Icon = ICONS[type];
  return <Icon titleAccess={ACTIVITY_TYPE_LABELS[type]} {...props} />;
}
