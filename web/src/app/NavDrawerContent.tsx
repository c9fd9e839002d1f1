/**
 * What the sidebar drawer holds: the brand, the nav entries of spec §2 (Medals with its count) with
 * their sub-entries indented under them (Activities and Charts under Dashboard), and the account.
 */
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import BarChartIcon from '@mui/icons-material/BarChart';
import CalculateIcon from '@mui/icons-material/Calculate';
import DirectionsRunIcon from '@mui/icons-material/DirectionsRun';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import FlagIcon from '@mui/icons-material/Flag';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import RouteIcon from '@mui/icons-material/Route';
import DashboardIcon from '@mui/icons-material/SpaceDashboard';
import {
  Box,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { NAV_ENTRIES, NAV_SUB_ENTRIES, PERSONAL_PAGE_PATH, PRODUCT_NAME, TAGLINE } from '../../../core/product.ts';
import type { NavEntry } from '../../../core/product.ts';
import { BrandMark } from '../components/BrandMark.tsx';
import { MedalsNavIcon, MedalsNavLabel } from '../medals/UnseenMedals.tsx';
import { isNavEntryActive } from './nav.ts';
import { SidebarAccount } from './SidebarAccount.tsx';

const NAV_ICONS: Readonly<Record<string, ReactElement>> = {
  [PERSONAL_PAGE_PATH]: <DirectionsRunIcon />,
  '/dashboard': <DashboardIcon />,
  '/training-goals': <FlagIcon />,
  '/run-planner': <RouteIcon />,
  '/calculators': <CalculateIcon />,
  '/medals': <EmojiEventsIcon />,
  '/account': <AccountCircleIcon />,
  '/activities': <FormatListBulletedIcon fontSize="small" />,
  '/charts': <BarChartIcon fontSize="small" />,
};

/** An entry's link, marked as the current page while its page (or one below it) is open. */
function EntryLink({
  path,
  active,
  onNavigate,
  sx,
  iconWidth,
  icon,
  children,
}: {
  path: string;
  active: boolean;
  onNavigate: () => void;
  sx: SxProps<Theme>;
  iconWidth: number;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <ListItemButton
      component={NavLink}
      to={path}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      sx={sx}
    >
      <ListItemIcon sx={{ minWidth: iconWidth, color: active ? 'primary.main' : 'text.secondary' }}>
        {icon}
      </ListItemIcon>
      {children}
    </ListItemButton>
  );
}

function SubEntries({ parent, onNavigate }: { parent: NavEntry; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const entries = NAV_SUB_ENTRIES[parent.path];
  if (!entries) {
    return null;
  }
  return (
    <List disablePadding aria-label={`${parent.label} pages`}>
      {entries.map((entry) => {
        const active = isNavEntryActive(entry.path, pathname);
        return (
          <ListItem key={entry.path} disablePadding>
            <EntryLink
              path={entry.path}
              active={active}
              onNavigate={onNavigate}
              // Indented under its parent: the icon starts where the parent's label does.
              sx={{ ml: 5, mr: 1, my: 0.25, py: 0.5, borderRadius: 2 }}
              iconWidth={32}
              icon={NAV_ICONS[entry.path]}
            >
              <ListItemText primary={entry.label} slotProps={{ primary: { variant: 'body2' } }} />
            </EntryLink>
          </ListItem>
        );
      })}
    </List>
  );
}

function NavEntries({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <List disablePadding>
      {NAV_ENTRIES.map((entry) => {
        const active = isNavEntryActive(entry.path, pathname);
        const medals = entry.path === '/medals';
        return (
          // A list holds list items only: each entry's link, and its sub-entries' list, in one <li>.
          <ListItem key={entry.path} disablePadding sx={{ display: 'block' }}>
            <EntryLink
              path={entry.path}
              active={active}
              onNavigate={onNavigate}
              sx={{ mx: 1, my: 0.25, borderRadius: 2 }}
              iconWidth={40}
              icon={medals ? <MedalsNavIcon icon={NAV_ICONS[entry.path]} /> : NAV_ICONS[entry.path]}
            >
              <ListItemText primary={medals ? <MedalsNavLabel label={entry.label} /> : entry.label} />
            </EntryLink>
            <SubEntries parent={entry} onNavigate={onNavigate} />
          </ListItem>
        );
      })}
    </List>
  );
}

export function NavDrawerContent({ onNavigate }: { onNavigate: () => void }) {
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
        <NavEntries onNavigate={onNavigate} />
      </Box>
      <Divider />
      <Box sx={{ p: 2 }}>
        <SidebarAccount onNavigate={onNavigate} />
      </Box>
    </Box>
  );
}
