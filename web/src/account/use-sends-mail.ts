/**
 * Whether this server sends mail (GET /api/config): without SMTP, Account says so next to the mail
 * switches. Undefined while it loads.
 */
import { useServerConfig } from '../lib/server-config.ts';

export function useSendsMail(): boolean | undefined {
  return useServerConfig().data?.sendsMail;
}
