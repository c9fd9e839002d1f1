/**
 * The signed-in runner's dark-mode preference (spec §3, default false): Stride's screens are always
 * dark, and this flag darkens what is drawn beyond them, the map tiles and the share cards. Off for
 * a visitor (the planner and public profiles are open to them) and until the profile has loaded.
 */
import { DEFAULT_PREFERENCES } from '../../../core/profile.ts';
import { useSession } from '../auth/session.ts';
import { useProfile } from './profile.ts';

export function useDarkMode(): boolean {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const profile = useProfile({ enabled: signedIn });
  return (signedIn ? profile.data?.preferences.darkMode : undefined) ?? DEFAULT_PREFERENCES.darkMode;
}
