/** The track on a map and its profiles; the point hovered on a chart is marked on the map. */
import { Alert, Card, Skeleton } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import type { ActivityDetail } from '../../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../../core/unit-system.ts';
import { useActivityTrack } from '../activities-api.ts';
import { ActivityCharts } from '../ActivityCharts.tsx';
import { ActivityMap } from '../ActivityMap.tsx';
import { profileSeries } from '../track-series.ts';

export function ActivityTrackSection({ activity, units }: { activity: ActivityDetail; units: UnitSystem }) {
  const track = useActivityTrack(activity.id, activity.hasTrack);
  const [hoverIndex, setHoverIndex] = useState<number | null>(null);
  const series = useMemo(
    () => (track.data ? profileSeries(track.data, units, activity.type) : undefined),
    [track.data, units, activity.type],
  );
  const points = series?.points;
  const onHover = useCallback(
    (pointIndex: number | null) =>
      setHoverIndex(pointIndex === null ? null : (points?.[pointIndex]?.trackIndex ?? null)),
    [points],
  );

  if (!activity.hasTrack) {
    return null;
  }
  if (track.error) {
    return <Alert severity="error">{track.error.message}</Alert>;
  }
  if (!track.data || !series) {
    return <Skeleton variant="rounded" sx={{ height: { xs: 320, md: 420 } }} />;
  }
  return (
    <>
      {track.data.lat.length > 0 && (
        <Card>
          <ActivityMap track={track.data} hoverIndex={hoverIndex} />
        </Card>
      )}
      <ActivityCharts series={series} units={units} onHover={onHover} />
    </>
  );
}
