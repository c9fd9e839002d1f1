/**
 * The sidebar layout of spec §2: a permanent 280 px drawer from md up; below md a top bar whose
 * menu button opens a temporary drawer that closes when a nav item is tapped. Logout shows a
 * spinner while disabled, then goes to /login after about 100 ms; visitors see a Login button.
 * For a signed-in user the Medals entry carries the count of unseen medals, and the layout mounts
 * what runs app-wide (analytics session, medal check, live events) inside the activity data
 * provider, which follows the signed-in user (spec §4: reset on logout).
 */
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CalculateIcon from '@mui/icons-material/Calculate';
import DashboardIcon from '@mui/icons-material/SpaceDashboard';
import DirectionsRunIcon from '@mui/icons-material/DirectionsRun';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import FlagIcon from '@mui/icons-material/Flag';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import RouteIcon from '@mui/icons-material/Route';
import {
  AppBar,
  Badge,
  Box,
  Button,
  CircularProgress,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Suspense, useState, type ReactElement } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import {
  DRAWER_WIDTH_PX,
  LOGOUT_NAVIGATION_DELAY_MS,
  NAV_ENTRIES,
  PERSONAL_PAGE_PATH,
  PRODUCT_NAME,
  TAGLINE,
} from '../../../core/product.ts';
import { useSession, useSignOut } from '../auth/session.ts';
import { BrandMark } from '../components/BrandMark.tsx';
import { LiveUpdates } from '../medals/LiveUpdates.tsx';
import { useUnseenMedalCount } from '../medals/medals-api.ts';
import { ActivityDataProvider } from '../strava/ActivityDataProvider.tsx';
import { LoadingScreen } from './LoadingOverlay.tsx';

const NAV_ICONS: Readonly<Record<string, ReactElement>> = {
  [PERSONAL_PAGE_PATH]: <DirectionsRunIcon />,
  '/dashboard': <DashboardIcon />,
  '/training-goals': <FlagIcon />,
  '/run-planner': <RouteIcon />,
  '/calculators': <CalculateIcon />,
  '/medals': <EmojiEventsIcon />,
  '/account': <AccountCircleIcon />,
};

function isActive(entryPath: string, pathname: string): boolean {
  if (entryPath === '/dashboard') {
    return pathname === '/' || pathname === '/dashboard';
  }
  if (entryPath === '/medals') {
    return pathname === '/medals' || pathname === '/water';
  }
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}

function AccountButton({ onNavigate }: { onNavigate: () => void }) {
  const { data: user } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  if (!user) {
    return (
      <Button
        fullWidth
        variant="contained"
        startIcon={<LoginIcon />}
        onClick={() => {
          onNavigate();
          void navigate('/login');
        }}
      >
        Login
      </Button>
    );
  }

  const logout = async () => {
    setLoggingOut(true);
    try {
      await signOut.mutateAsync();
    } catch (error) {
      // Spec §8: a failed logout is logged and the button re-enabled.
      console.error('Logout failed', error);
      setLoggingOut(false);
      return;
    }
    setLoggingOut(false);
    setTimeout(() => void navigate('/login'), LOGOUT_NAVIGATION_DELAY_MS);
  };

  return (
    <Stack spacing={1.5}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} variant="body2" noWrap>
          {user.name || user.email}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {user.email}
        </Typography>
      </Box>
      <Button
        fullWidth
        variant="outlined"
        color="inherit"
        disabled={loggingOut}
        startIcon={loggingOut ? <CircularProgress size={16} color="inherit" /> : <LogoutIcon />}
        onClick={() => void logout()}
      >
        Logout
      </Button>
    </Stack>
  );
}

/** Text for screen readers only. */
const SCREEN_READER_ONLY = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The unseen medals of a signed-in user; 0 for a visitor. */
function useUnseenMedals(): number {
  const { data: user } = useSession();
  const { data: unseen = 0 } = useUnseenMedalCount(Boolean(user));
  return user ? unseen : 0;
}

/** The unseen-medal count on the Medals entry (hidden at 0), kept fresh by the live events. */
function MedalsNavIcon({ icon }: { icon: ReactElement | undefined }) {
  const unseen = useUnseenMedals();
  // Not rendered at 0: a hidden badge keeps its last number in the entry's text.
  if (unseen === 0) {
    return icon;
  }
  return (
    <Badge badgeContent={unseen} color="primary" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
      {icon}
    </Badge>
  );
}

/** The entry's label, read out with the count: "Medals (3 new)". */
function MedalsNavLabel({ label }: { label: string }) {
  const unseen = useUnseenMedals();
  return (
    <>
      {label}
      {unseen > 0 && <Box component="span" sx={SCREEN_READER_ONLY}>{` (${unseen} new)`}</Box>}
    </>
  );
}

/** Below md the drawer is closed: a dot on the menu button says new medals wait inside. */
function UnseenMedalsDot({ children }: { children: ReactElement }) {
  const unseen = useUnseenMedals();
  return (
    <Badge variant="dot" color="primary" invisible={unseen === 0}>
      {children}
    </Badge>
  );
}

function DrawerContent({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2.5, py: 2.5 }}>
        <BrandMark size={36} />
        <Box>
          <Typography sx={{ lineHeight: 1.1 }} variant="h6">
            {PRODUCT_NAME}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {TAGLINE}
          </Typography>
        </Box>
      </Stack>
      <Divider />
      <Box component="nav" aria-label="Main navigation" sx={{ flexGrow: 1, overflowY: 'auto', py: 1 }}>
        <List disablePadding>
          {NAV_ENTRIES.map((entry) => {
            const active = isActive(entry.path, pathname);
            return (
              <ListItemButton
                key={entry.path}
                component={NavLink}
                to={entry.path}
                selected={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                sx={{ mx: 1, my: 0.25, borderRadius: 2 }}
              >
                <ListItemIcon sx={{ minWidth: 40, color: active ? 'primary.main' : 'text.secondary' }}>
                  {entry.path === '/medals' ? <MedalsNavIcon icon={NAV_ICONS[entry.path]} /> : NAV_ICONS[entry.path]}
                </ListItemIcon>
                <ListItemText
                  primary={entry.path === '/medals' ? <MedalsNavLabel label={entry.label} /> : entry.label}
                />
              </ListItemButton>
            );
          })}
        </List>
      </Box>
      <Divider />
      <Box sx={{ p: 2 }}>
        <AccountButton onNavigate={onNavigate} />
      </Box>
    </Box>
  );
}

export function SidebarLayout() {
  const { data: user } = useSession();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const close = () => setMobileOpen(false);

  return (
    <ActivityDataProvider userId={user?.id ?? null}>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        {user && <LiveUpdates key={user.id} userId={user.id} />}
        {desktop ? (
          <Drawer
            variant="permanent"
            sx={{ width: DRAWER_WIDTH_PX, flexShrink: 0 }}
            slotProps={{ paper: { sx: { width: DRAWER_WIDTH_PX, boxSizing: 'border-box' } } }}
          >
            <DrawerContent onNavigate={() => undefined} />
          </Drawer>
        ) : (
          <>
            <AppBar position="fixed" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
              <Toolbar>
                <IconButton
                  edge="start"
                  aria-label="Open navigation"
                  onClick={() => setMobileOpen(true)}
                  sx={{ mr: 1 }}
                >
                  <UnseenMedalsDot>
                    <MenuIcon />
                  </UnseenMedalsDot>
                </IconButton>
                <BrandMark size={28} />
                <Typography variant="h6" sx={{ ml: 1.25 }}>
                  {PRODUCT_NAME}
                </Typography>
              </Toolbar>
            </AppBar>
            <Drawer
              variant="temporary"
              open={mobileOpen}
              onClose={close}
              ModalProps={{ keepMounted: false }}
              slotProps={{ paper: { sx: { width: DRAWER_WIDTH_PX, boxSizing: 'border-box' } } }}
            >
              <DrawerContent onNavigate={close} />
            </Drawer>
          </>
        )}
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3, md: 5 }, py: { xs: 2, md: 4 } }}>
          {!desktop && <Toolbar />}
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </ActivityDataProvider>
  );
}
