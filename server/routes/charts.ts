/** The Charts page's data (sums per week or month, pace trend, training load, personal bests) for the signed-in runner. */
import { chartQuerySchema, chartsSchema } from '../../core/charts/chart-api.ts';
import { personalBestsQuerySchema, personalBestsSchema } from '../../core/running/best-efforts-api.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, jsonResponse, userRoute } from './openapi.ts';

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
    );
}
