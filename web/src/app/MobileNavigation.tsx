/**
 * Below md: a top bar whose menu button (with a dot while new medals wait) opens a temporary
 * drawer that closes when a nav item is tapped.
 */
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Drawer, IconButton, Toolbar, Typography } from '@mui/material';
import { useState } from 'react';
import { DRAWER_WIDTH_PX, PRODUCT_NAME } from '../../../core/product.ts';
import { BrandMark } from '../components/BrandMark.tsx';
import { UnseenMedalsDot } from '../medals/UnseenMedals.tsx';
import { NavDrawerContent } from './NavDrawerContent.tsx';

export function MobileNavigation() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <AppBar position="fixed" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar>
          <IconButton edge="start" aria-label="Open navigation" onClick={() => setOpen(true)} sx={{ mr: 1 }}>
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
        open={open}
        onClose={close}
        ModalProps={{ keepMounted: false }}
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH_PX, boxSizing: 'border-box' } } }}
      >
        <NavDrawerContent onNavigate={close} />
      </Drawer>
    </>
  );
}
