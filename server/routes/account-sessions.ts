/**
 * Account Settings → sign-in methods and active sessions: the list of this account's sessions,
 * signing out one other session, and the ways into the account. Two-factor enrolment, the sign-in
 * challenge, disabling and new backup codes are better-auth's /api/auth/two-factor/* endpoints.
 */
import { z } from '@hono/zod-openapi';
import { accountSessionsSchema, sessionEndedSchema, signInMethodsSchema } from '../../core/account-sessions.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonResponse, userRoute } from './openapi.ts';

const tags = ['account'];

export function accountSessionRoutes({ services, auth }: RouteDeps) {
  const { accounts } = services;
  return createRouter()
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/account/sessions',
        tags,
        responses: {
          200: jsonResponse("This account's unexpired sessions, the latest used first", accountSessionsSchema),
        },
      }),
      async (c) => c.json({ sessions: await accounts.listSessions(c.var.user) }, 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'delete',
        path: '/api/account/sessions/{id}',
        tags,
        request: { params: z.object({ id: z.string().min(1).max(200) }) },
        responses: {
          200: jsonResponse('That session is signed out', sessionEndedSchema),
          400: errorResponse('It is the session making the request'),
          404: errorResponse('No such session of this account'),
        },
      }),
      async (c) => {
        await accounts.endSession(c.var.user, c.req.valid('param').id);
        return c.json({ ended: true as const }, 200);
      },
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/account/sign-in-methods',
        tags,
        responses: { 200: jsonResponse('The ways into this account', signInMethodsSchema) },
      }),
      async (c) => c.json(await accounts.signInMethods(c.var.user), 200),
    );
}
