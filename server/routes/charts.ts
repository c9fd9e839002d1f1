/**
 * The Charts page's data (sums per week or month, heart-rate zones, pace trend, training load,
 * personal bests) and the maximum heart rate behind zones and load, for the signed-in runner.
 */
import { chartQuerySchema, chartsSchema } from '../../core/charts/chart-api.ts';
import { personalBestsQuerySchema, personalBestsSchema } from '../../core/running/best-efforts-api.ts';
import { heartRateSettingsSchema, heartRateSettingsUpdateSchema } from '../../core/running/heart-rate-api.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse, userRoute } from './openapi.ts';

export function chartsRoutes({ services, auth }: RouteDeps) {
  return createRouter()
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/charts',
        tags: ['charts'],
        request: { query: chartQuerySchema },
        responses: { 200: jsonResponse('The charts of a period', chartsSchema) },
      }),
      async (c) => c.json(await services.charts.get(c.var.user.id, c.req.valid('query')), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/personal-bests',
        tags: ['charts'],
        request: { query: personalBestsQuerySchema },
        responses: { 200: jsonResponse('The fastest three of each distance and the progression', personalBestsSchema) },
      }),
      async (c) => c.json(await services.charts.personalBests(c.var.user.id, c.req.valid('query')), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/heart-rate',
        tags: ['charts'],
        responses: {
          200: jsonResponse(
            'The maximum heart rate set, the highest recorded, and the one used',
            heartRateSettingsSchema,
          ),
        },
      }),
      async (c) => c.json(await services.charts.heartRate(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'put',
        path: '/api/heart-rate',
        tags: ['charts'],
        request: { body: jsonBody(heartRateSettingsUpdateSchema) },
        responses: {
          200: jsonResponse('The heart-rate settings after the change', heartRateSettingsSchema),
          400: errorResponse('Invalid maximum heart rate'),
        },
      }),
      async (c) => c.json(await services.charts.setHeartRate(c.var.user.id, c.req.valid('json')), 200),
    );
}
