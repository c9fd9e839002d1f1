/** Whether this server offers Google sign-in, and phone sign-in (GET /api/config, the same answer the map settings come from). */
import { useServerConfig } from '../server-config.ts';

export function useGoogleEnabled(): boolean {
  return useServerConfig().data?.google === true;
}

export function usePhoneSignInOffered(): boolean {
  return useServerConfig().data?.phoneSignIn === true;
}
