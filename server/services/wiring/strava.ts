/** The Strava connection, its syncs and webhook (server/services/strava/). */
import type { StravaGear } from '../../../core/strava/athlete-gear.ts';
import { importStravaGear } from '../gear-service.ts';
import { createStrava } from '../strava/strava.ts';
import type { Mailings } from './mail.ts';
import type { WiringContext } from '../service-context.ts';

export function wireStrava(ctx: WiringContext, mailings: Mailings) {
  const { config, reads, clock } = ctx;
  const strava = createStrava({
    ...ctx,
    config: config.strava,
    appSecret: config.appSecret,
    clock: ctx.stravaClock,
    connectionLost: (userId) => mailings.stravaConnectionLost(userId),
    importGear: (userId: string, gear: StravaGear[]) => importStravaGear(ctx, userId, gear),
  });
  return {
    ...strava,
    /**
     * The status is kept until a write drops it, or until the token check of a page load would
     * decide otherwise (a token coming within its margin).
     */
    status: (userId: string) =>
      reads.getLoaded(userId, 'strava-status', async () => {
        const { status, holdsForMs } = await strava.timedStatus(userId);
        return { answer: status, keep: holdsForMs > 0 ? { answer: status, until: clock.now() + holdsForMs } : null };
      }),
  };
}

export type StravaUseCases = ReturnType<typeof wireStrava>;
