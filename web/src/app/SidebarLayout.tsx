/**
 * The sidebar layout of spec §2: a permanent 280 px drawer from md up; below md a top bar with a
 * menu button and a temporary drawer (MobileNavigation). For a signed-in user the layout mounts
 * what runs app-wide (analytics session, medal check, live events, a deletion's undo) inside the activity data
 * provider, which follows the signed-in user (spec §4: reset on logout), and installs the offline
 * shell's service worker. Above the page, the network status when the connection is slow or gone.
 * First of all, the skip link to <main>.
 */
import { Box, Drawer, Toolbar, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { DRAWER_WIDTH_PX } from '../../../core/product.ts';
import { ActivityUndoSnackbar } from '../activities/ActivityUndoSnackbar.tsx';
import { useSession } from '../lib/auth/session.ts';
import { LiveUpdates } from './LiveUpdates.tsx';
import { ActivityDataProvider } from './ActivityDataProvider.tsx';
import { LoadingScreen } from './LoadingOverlay.tsx';
import { MobileNavigation } from './MobileNavigation.tsx';
import { NavDrawerContent } from './NavDrawerContent.tsx';
import { NetworkStatusBanner } from './NetworkStatusBanner.tsx';
import { VerifyEmailBanner } from './VerifyEmailBanner.tsx';
import { registerServiceWorker } from './offline.ts';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';

export function SidebarLayout() {
  const { data: user } = useSession();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const signedIn = Boolean(user);
  // The offline shell keeps a runner's own pages: it is installed once someone is signed in, so
  // the sign-in page and a visitor never download the whole app in the background.
  useEffect(() => {
    if (signedIn) {
      registerServiceWorker();
    }
  }, [signedIn]);

  return (
    <ActivityDataProvider userId={user?.id ?? null}>
      <SkipLink />
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        {user && <LiveUpdates key={user.id} userId={user.id} />}
        {user && <ActivityUndoSnackbar />}
        {desktop ? (
          <Drawer
            variant="permanent"
            sx={{ width: DRAWER_WIDTH_PX, flexShrink: 0 }}
            slotProps={{ paper: { sx: { width: DRAWER_WIDTH_PX, boxSizing: 'border-box' } } }}
          >
            <NavDrawerContent onNavigate={() => undefined} />
          </Drawer>
        ) : (
          <MobileNavigation />
        )}
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ outline: 'none', flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3, md: 5 }, py: { xs: 2, md: 4 } }}
        >
          {!desktop && <Toolbar />}
          <NetworkStatusBanner signedIn={signedIn} />
          <VerifyEmailBanner />
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </ActivityDataProvider>
  );
}
