/**
 * Puts the screens in the runner's theme (theme-choice.ts): their profile's choice once it has
 * loaded, the one remembered on this device before that and for visitors. The page's own colours
 * (background, browser UI colour, form controls) follow, so nothing outside the app shows the
 * other theme.
 */
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useSession } from '../lib/auth/session.ts';
import { SCHEMES } from '../lib/palette.ts';
import type { LoadedProfile } from '../lib/profile.ts';
import { PROFILE_QUERY_KEY } from '../lib/query-keys.ts';
import { colorSchemeOf, rememberedTheme, rememberTheme, useSystemPrefersLight } from './theme-choice.ts';
import { THEMES } from './theme.ts';

export function AppTheme({ children }: { children: ReactNode }) {
  const { data: user } = useSession();
  const signedIn = Boolean(user);
  // The same query as the pages' (lib/profile.ts useProfile), whose code loads with the first
  // fetch: the sign-in page does not download it.
  const profile = useQuery<LoadedProfile>({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: async () => (await import('../lib/profile.ts')).fetchOwnProfile(user),
    enabled: signedIn,
  });
  // A stand-in profile (the fetch failed) carries the defaults, not the runner's choice.
  const chosen = signedIn && profile.data && !profile.data.minimal ? profile.data.preferences.theme : undefined;
  const scheme = colorSchemeOf(chosen ?? rememberedTheme(), useSystemPrefersLight());

  useEffect(() => {
    if (chosen) {
      rememberTheme(chosen);
    }
  }, [chosen]);

  useLayoutEffect(() => {
    document.documentElement.dataset.theme = scheme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', SCHEMES[scheme].background);
    document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', scheme);
  }, [scheme]);

  return (
    <ThemeProvider theme={THEMES[scheme]}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
