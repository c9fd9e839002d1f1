/**
 * The one place the screens read the runner's units: the signed-in runner's profile, imperial for a
 * visitor (the planner and the calculators are public) and until the profile has loaded.
 */
import { useSession } from './auth/session.ts';
import { unitsOf, type RunnerUnits } from './units.ts';
import { useProfile } from './profile.ts';

export function useUnits(): RunnerUnits & { pending: boolean } {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const profile = useProfile({ enabled: signedIn });
  return {
    ...unitsOf(signedIn ? profile.data : undefined),
    pending: session.isPending || (signedIn && profile.isPending),
  };
}
