/**
 * The sidebar's foot: a visitor's Login button, or the signed-in user's name and e-mail with
 * Logout, which shows a spinner while disabled, then goes to /login after about 100 ms (spec §2).
 */
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LOGOUT_NAVIGATION_DELAY_MS } from '../../../core/product.ts';
import { useSession, useSignOut } from '../lib/auth/session.ts';

export function SidebarAccount({ onNavigate }: { onNavigate: () => void }) {
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
