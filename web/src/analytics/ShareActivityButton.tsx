/** "Share" on an activity: its card with the route drawn from the display track (cached if already loaded). */
import { useQueryClient } from '@tanstack/react-query';
import type { ActivityDetail, DisplayTrack } from '../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../core/profile.ts';
import { api, unwrap } from '../api/client.ts';
import type { ShareCardColours } from './share-card-painting.ts';
import { drawActivityCard } from './share-cards.ts';
import { ShareButton } from './ShareButton.tsx';
import { activityTrackQueryKey } from '../lib/query-keys.ts';

export function ShareActivityButton({ activity, units }: { activity: ActivityDetail; units: UnitSystem }) {
  const queryClient = useQueryClient();
  const makeCard = async (colours: ShareCardColours) => {
    const track = activity.hasTrack
      ? await queryClient.fetchQuery({
          // The detail page's own track query: the same key, so a loaded track is not fetched again.
          queryKey: activityTrackQueryKey(activity.id),
          queryFn: (): Promise<DisplayTrack> =>
            unwrap(api.activities[':id'].track.$get({ param: { id: activity.id } })),
          staleTime: Number.POSITIVE_INFINITY,
        })
      : null;
    return drawActivityCard(activity, track, units, colours);
  };
  return <ShareButton makeCard={makeCard} />;
}
