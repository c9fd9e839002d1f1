/** The per-user analytics record and "My Stride" (spec §3, §4). */
import { createRoute } from '@hono/zod-openapi';
import {
  analyticsSchema,
  pageTimeBodySchema,
  runningDaysSchema,
  timeZoneBodySchema,
  timeZoneQuerySchema,
} from '../../core/medals/api.ts';
import { requireUser } from '../http/require-user.ts';
import {
  addPageTime,
  countScreenshot,
  getAnalytics,
  getRunningDays,
  recalculateStreak,
  recordSession,
} from '../services/analytics-service.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, jsonBody, jsonResponse } from './openapi.ts';

const analyticsResponse = { 200: jsonResponse('The analytics record', analyticsSchema) };

export function analyticsRoutes({ db, auth, events }: RouteDeps) {
  const signedIn = requireUser(auth);
  const context = { db, events };
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/analytics',
        tags: ['analytics'],
        middleware: [signedIn] as const,
        request: { query: timeZoneQuerySchema },
        responses: analyticsResponse,
      }),
      async (c) => c.json(await getAnalytics(db, c.var.user.id, c.req.valid('query').timeZone), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/analytics/sessions',
        tags: ['analytics'],
        middleware: [signedIn] as const,
        request: { body: jsonBody(timeZoneBodySchema) },
        responses: analyticsResponse,
      }),
      async (c) => c.json(await recordSession(context, c.var.user.id, c.req.valid('json').timeZone), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/analytics/page-time',
        tags: ['analytics'],
        middleware: [signedIn] as const,
        request: { body: jsonBody(pageTimeBodySchema) },
        responses: analyticsResponse,
      }),
      async (c) => {
        const { page, elapsedMs } = c.req.valid('json');
        return c.json(await addPageTime(context, c.var.user.id, page, elapsedMs), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/analytics/screenshots',
        tags: ['analytics'],
        middleware: [signedIn] as const,
        responses: analyticsResponse,
      }),
      async (c) => c.json(await countScreenshot(context, c.var.user.id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/analytics/streak/recalculate',
        tags: ['analytics'],
        middleware: [signedIn] as const,
        request: { body: jsonBody(timeZoneBodySchema) },
        responses: analyticsResponse,
      }),
      async (c) => c.json(await recalculateStreak(context, c.var.user.id, c.req.valid('json').timeZone), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/analytics/running-days',
        tags: ['analytics'],
        middleware: [signedIn] as const,
        request: { query: timeZoneQuerySchema },
        responses: { 200: jsonResponse('Runs per day over the past year', runningDaysSchema) },
      }),
      async (c) => c.json(await getRunningDays(db, c.var.user.id, c.req.valid('query').timeZone), 200),
    );
}
