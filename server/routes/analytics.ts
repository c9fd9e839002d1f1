/** The per-user analytics record and "My Stride" (spec §3, §4). */
import {
  analyticsSchema,
  pageTimeBodySchema,
  runningDaysSchema,
  timeZoneBodySchema,
  timeZoneQuerySchema,
} from '../../core/medals/api.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, jsonBody, jsonResponse, userRoute } from './openapi.ts';

const analyticsResponse = { 200: jsonResponse('The analytics record', analyticsSchema) };

export function analyticsRoutes({ services, auth }: RouteDeps) {
  const { analytics } = services;
  return createRouter()
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/analytics',
        tags: ['analytics'],
        request: { query: timeZoneQuerySchema },
        responses: analyticsResponse,
      }),
      async (c) => c.json(await analytics.get(c.var.user.id, c.req.valid('query').timeZone), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/analytics/sessions',
        tags: ['analytics'],
        request: { body: jsonBody(timeZoneBodySchema) },
        responses: analyticsResponse,
      }),
      async (c) => c.json(await analytics.recordSession(c.var.user.id, c.req.valid('json').timeZone), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/analytics/page-time',
        tags: ['analytics'],
        request: { body: jsonBody(pageTimeBodySchema) },
        responses: analyticsResponse,
      }),
      async (c) => c.json(await analytics.addPageTime(c.var.user.id, c.req.valid('json')), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/analytics/screenshots',
        tags: ['analytics'],
        responses: analyticsResponse,
      }),
      async (c) => c.json(await analytics.countScreenshot(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/analytics/streak/recalculate',
        tags: ['analytics'],
        request: { body: jsonBody(timeZoneBodySchema) },
        responses: analyticsResponse,
      }),
      async (c) => c.json(await analytics.recalculateStreak(c.var.user.id, c.req.valid('json').timeZone), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/analytics/running-days',
        tags: ['analytics'],
        request: { query: timeZoneQuerySchema },
        responses: { 200: jsonResponse('Runs per day over the past year', runningDaysSchema) },
      }),
      async (c) => c.json(await analytics.runningDays(c.var.user.id, c.req.valid('query').timeZone), 200),
    );
}
