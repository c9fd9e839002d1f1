/** The per-user analytics record and "My Stride" (spec §3, §4). */
import {
  analyticsSchema,
  pageTimeBodySchema,
  runningDaysSchema,
  timeZoneBodySchema,
  timeZoneQuerySchema,
} from '../../core/medals/api.ts';
import { PAGE_VIEW_REQUESTS_PER_ADDRESS_PER_MINUTE, PAGE_VIEW_REQUESTS_PER_MINUTE } from '../../core/page-views.ts';
import { mostVisitedScreensSchema, pageViewBatchSchema, pageViewReceiptSchema } from '../../core/page-view-schemas.ts';
import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { AppEnv } from '../http/context.ts';
import { byClientAddress, bySignedInUser, rateLimit } from '../http/rate-limit.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse, userRoute } from './openapi.ts';

const MINUTE_MS = 60_000;

const analyticsResponse = { 200: jsonResponse('The analytics record', analyticsSchema) };

export function analyticsRoutes({ services, auth, clock, config }: RouteDeps) {
  const { analytics } = services;
  // Page views are limited per runner, per client address and for everyone together.
  const perRunner = rateLimit({
    key: bySignedInUser,
    limit: PAGE_VIEW_REQUESTS_PER_MINUTE,
    windowMs: MINUTE_MS,
    clock,
  });
  const perAddress = rateLimit({
    key: byClientAddress(config.trustProxyHops),
    limit: PAGE_VIEW_REQUESTS_PER_ADDRESS_PER_MINUTE,
    windowMs: MINUTE_MS,
    clock,
  });
  const everyone = rateLimit({
    key: () => 'everyone',
    limit: config.routeRateLimits.pageViewsTotalPerMinute,
    windowMs: MINUTE_MS,
    clock,
  });
  const pageViewLimits: MiddlewareHandler<AppEnv> = every(perRunner, perAddress, everyone);
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
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/analytics/page-views',
        tags: ['analytics'],
        middleware: [pageViewLimits] as const,
        request: { body: jsonBody(pageViewBatchSchema) },
        responses: {
          202: jsonResponse('How many page views were counted', pageViewReceiptSchema),
          400: errorResponse('A view that names no screen of Stride, or too many (the whole batch is refused)'),
          429: errorResponse('Too many page-view requests from this runner, this address or everyone'),
        },
      }),
      async (c) => c.json(await analytics.recordPageViews(c.var.user.id, c.req.valid('json').views), 202),
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/analytics/page-views',
        tags: ['analytics'],
        responses: { 200: jsonResponse("The runner's most visited screens, most first", mostVisitedScreensSchema) },
      }),
      async (c) => c.json(await analytics.mostVisitedScreens(c.var.user.id), 200),
    );
}
