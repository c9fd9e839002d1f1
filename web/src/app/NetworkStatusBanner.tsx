/**
 * The network status of spec §3 in the app shell: nothing while online, a line saying so while the
 * connection is slow or gone (offline, the screens show the data kept on the device; someone
 * signed out has none, and is told so).
 */
import CloudOffIcon from '@mui/icons-material/CloudOff';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import { Alert } from '@mui/material';
import { NETWORK_STATUS_MESSAGES, OFFLINE_SIGNED_OUT_MESSAGE } from '../../../core/offline.ts';
import { useNetworkStatus } from '../lib/network-status.ts';

export function NetworkStatusBanner({ signedIn }: { signedIn: boolean }) {
  const network = useNetworkStatus();
  if (network === 'online') {
    return null;
  }
  const offline = network === 'offline';
  return (
    <Alert
      role="status"
      severity={offline ? 'warning' : 'info'}
      variant="outlined"
      icon={offline ? <CloudOffIcon fontSize="inherit" /> : <NetworkCheckIcon fontSize="inherit" />}
      sx={{ mb: 2 }}
    >
      {offline && !signedIn ? OFFLINE_SIGNED_OUT_MESSAGE : NETWORK_STATUS_MESSAGES[network]}
    </Alert>
  );
}
