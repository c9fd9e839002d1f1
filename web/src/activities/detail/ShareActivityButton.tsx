/**
 * "Share" on an activity: its card with the route as every public surface shows it, privacy zones,
 * start and end cut out by the server (GET /api/activities/{id}/share-track).
 */
import type { ActivityDetail } from '../../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../../core/unit-system.ts';
import { api, unwrap } from '../../api/client.ts';
import type { ShareCardColours } from '../../lib/share-cards/share-card-painting.ts';
import { drawActivityCard } from '../../lib/share-cards/share-cards.ts';
import { ShareButton } from '../../lib/share-cards/ShareButton.tsx';

export function ShareActivityButton({ activity, units }: { activity: ActivityDetail; units: UnitSystem }) {
  const makeCard = async (colours: ShareCardColours) => {
    const route = activity.hasTrack
      ? (await unwrap(api.activities[':id']['share-track'].$get({ param: { id: activity.id } }))).lines
      : [];
    return drawActivityCard(activity, route, units, colours);
  };
  return <ShareButton makeCard={makeCard} />;
}
