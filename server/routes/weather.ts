/**
 * Weather for the signed-in runner: the dashboard's forecast, the debug page's priming of the
 * cache, and the weather at an activity's start. A provider failure is a 200 whose status is
 * 'unavailable' (the page shows "Weather unavailable"), never an error the page must survive.
 */
import { z } from '@hono/zod-openapi';
import { activityWeatherSchema, weatherSchema } from '../../core/weather/weather-api.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonResponse, userRoute } from './openapi.ts';

const idParam = z.object({ id: z.string().min(1).max(64) });

export function weatherRoutes({ services, auth }: RouteDeps) {
  return createRouter()
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/weather',
        tags: ['weather'],
        responses: {
          200: jsonResponse('Current conditions, the next 12 hours and the best hour to run', weatherSchema),
        },
      }),
      async (c) => c.json(await services.weather.get(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/weather/prime',
        tags: ['weather'],
        responses: {
          200: jsonResponse(
            'The forecast now in the cache for the runner’s location, and where it came from',
            weatherSchema,
          ),
        },
      }),
      async (c) => c.json(await services.weather.prime(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/activities/{id}/weather',
        tags: ['weather'],
        request: { params: idParam },
        responses: {
          200: jsonResponse('The weather at the activity’s start', activityWeatherSchema),
          404: errorResponse('No such activity'),
        },
      }),
      async (c) => c.json(await services.weather.activity(c.var.user.id, c.req.valid('param').id), 200),
    );
}
