/** Rejects requests without a valid session (401) and puts the session's user on the context. */
import { createMiddleware } from 'hono/factory';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { IDENTITY_ERROR_MESSAGES, IDENTITY_ERROR_TYPES } from '../../core/identity-errors.ts';
import type { Auth } from '../auth/auth.ts';
import type { AppEnv } from './context.ts';
import { errorBody, sendError } from './errors.ts';

export function requireUser(auth: Auth) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await auth.sessionOf(c.req.raw.headers);
    if (!session) {
      return sendError(c, 401, errorBody('authentication', HTTP_MESSAGES.unauthenticated));
    }
    if (session.disabled) {
      return sendError(
        c,
        403,
        errorBody(IDENTITY_ERROR_TYPES['user-disabled'], IDENTITY_ERROR_MESSAGES['user-disabled'], {
          code: 'user-disabled',
        }),
      );
    }
    c.set('user', { id: session.userId, email: session.email, name: session.name, sessionId: session.sessionId });
    await next();
  });
}
