/** Spec §4 network status: online by default, updated on online, offline and connection-change events. */
import { useEffect, useState } from 'react';
import { networkStatus, type NetworkStatus } from '../../../core/strava/data-state.ts';

/** navigator.connection (Network Information API) is not in every browser, nor in TypeScript's DOM types. */
interface NetworkInformation extends EventTarget {
  effectiveType?: string;
}

function connection(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

function currentNetwork(): NetworkStatus {
  return networkStatus({ online: navigator.onLine, effectiveType: connection()?.effectiveType });
}

export function useNetworkStatus(): NetworkStatus {
  const [network, setNetwork] = useState(currentNetwork);
  useEffect(() => {
    const update = () => setNetwork(currentNetwork());
    const info = connection();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    info?.addEventListener('change', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      info?.removeEventListener('change', update);
    };
  }, []);
  return network;
}
