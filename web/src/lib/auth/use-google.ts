/** Whether this server offers Google sign-in (GET /api/config, the same answer the map settings come from). */
import { useServerConfig } from '../server-config.ts';

export function useGoogleEnabled(): boolean {
  return useServerConfig().data?.google === true;
}
