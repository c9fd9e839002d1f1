/** The Hono environment of every route: the signed-in user, set by the session middleware. */
import type { SessionUser } from '../auth/session-user.ts';

export interface AppEnv {
  Variables: {
    user: SessionUser;
    /** Routes open to visitors too (the error reports): the signed-in runner's id, or null. */
    reporterId?: string | null;
  };
}
