/**
 * Wellbeing and coaching for the signed-in runner: check-ins (save, the latest of a local day),
 * the Wellbeing section's overview, finished exercises, wellbeing preferences, coaching settings
 * and the readiness hint. The browser's time zone comes as `timeZone` in the query.
 */
import { timeZoneQuerySchema } from '../../core/medals/api.ts';
import { wellbeingPreferencesSchema } from '../../core/profile.ts';
import {
  checkInSchema,
  coachingSettingsSchema,
  coachingSettingsUpdateSchema,
  wellbeingPreferencesUpdateSchema,
} from '../../core/wellbeing/check-in.ts';
import {
  exerciseDoneSchema,
  exerciseRecordedSchema,
  latestCheckInQuerySchema,
  latestCheckInSchema,
  readinessSchema,
  storedCheckInSchema,
  wellbeingOverviewSchema,
} from '../../core/wellbeing/wellbeing-api.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse, userRoute } from './openapi.ts';

const tags = ['wellbeing'];

export function wellbeingRoutes({ services, auth }: RouteDeps) {
  const { wellbeing } = services;
  return createRouter()
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/wellbeing/check-ins',
        tags,
        request: { query: timeZoneQuerySchema, body: jsonBody(checkInSchema) },
        responses: {
          201: jsonResponse('The stored check-in with its wellbeing score', storedCheckInSchema),
          400: errorResponse('An answer out of range, a note too long or a day after today'),
        },
      }),
      async (c) =>
        c.json(await wellbeing.saveCheckIn(c.var.user.id, { ...c.req.valid('json'), ...c.req.valid('query') }), 201),
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/wellbeing/check-ins/latest',
        tags,
        request: { query: latestCheckInQuerySchema },
        responses: { 200: jsonResponse('The latest check-in of a local day (default today)', latestCheckInSchema) },
      }),
      async (c) => c.json(await wellbeing.latestCheckIn(c.var.user.id, c.req.valid('query')), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/wellbeing',
        tags,
        request: { query: timeZoneQuerySchema },
        responses: {
          200: jsonResponse(
            "Today's check-in, the 30-day trend, today's exercises and streaks",
            wellbeingOverviewSchema,
          ),
        },
      }),
      async (c) => c.json(await wellbeing.overview(c.var.user.id, c.req.valid('query')), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/wellbeing/exercises',
        tags,
        request: { query: timeZoneQuerySchema, body: jsonBody(exerciseDoneSchema) },
        responses: {
          200: jsonResponse("Today's wellbeing entry after a finished exercise", exerciseRecordedSchema),
          400: errorResponse('An unknown exercise, or a stretching routine with every stretch skipped'),
        },
      }),
      async (c) =>
        c.json(await wellbeing.finishExercise(c.var.user.id, { ...c.req.valid('json'), ...c.req.valid('query') }), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/wellbeing/preferences',
        tags,
        responses: { 200: jsonResponse("The check-in form's defaults", wellbeingPreferencesSchema) },
      }),
      async (c) => c.json(await wellbeing.preferences(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'put',
        path: '/api/wellbeing/preferences',
        tags,
        request: { body: jsonBody(wellbeingPreferencesUpdateSchema) },
        responses: {
          200: jsonResponse(
            'The preferences after the change (hydration and nutrition high)',
            wellbeingPreferencesSchema,
          ),
          400: errorResponse('An answer out of range'),
        },
      }),
      async (c) => c.json(await wellbeing.updatePreferences(c.var.user.id, c.req.valid('json')), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/coaching-settings',
        tags,
        responses: { 200: jsonResponse('The reminder time and focus', coachingSettingsSchema) },
      }),
      async (c) => c.json(await wellbeing.coachingSettings(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'put',
        path: '/api/coaching-settings',
        tags,
        request: { body: jsonBody(coachingSettingsUpdateSchema) },
        responses: {
          200: jsonResponse('The coaching settings after the change', coachingSettingsSchema),
          400: errorResponse('A reminder time that is not HH:MM or an unknown focus'),
        },
      }),
      async (c) => c.json(await wellbeing.updateCoachingSettings(c.var.user.id, c.req.valid('json')), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/readiness',
        tags,
        request: { query: timeZoneQuerySchema },
        responses: {
          200: jsonResponse("Today's readiness from the wellbeing score and the training load", readinessSchema),
          403: errorResponse('Readiness insights need an active subscription on this server'),
        },
      }),
      async (c) => c.json(await wellbeing.readiness(c.var.user.id, c.req.valid('query')), 200),
    );
}
