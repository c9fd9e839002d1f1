/**
 * Goals & Training: goals (list in order, create, edit, delete, reorder), training plans (generate
 * for a race goal, list, read, change status, delete, daily progress), today's tasks and race
 * predictions for the dashboard, each session as a FIT workout file, the ticked sessions scored
 * against their steps, and each plan's private calendar feed (no sign-in: the token in its URL is
 * the key).
 */
import { z } from 'zod';
import { timeZoneQuerySchema } from '../../core/medals/api.ts';
import { goalCreateSchema, goalReorderSchema, goalUpdateSchema } from '../../core/training/goals.ts';
import { planRequestSchema } from '../../core/training/plan-generation.ts';
import { dailyProgressSchema, taskToggleSchema } from '../../core/training/plan-progress.ts';
import {
  goalListSchema,
  goalSchema,
  planDefaultsSchema,
  planVersionSchema,
  planListQuerySchema,
  planUpdateSchema,
  activitySessionScoreSchema,
  planSessionScoresSchema,
  racePredictionsSchema,
  todayTasksSchema,
  trainingPlanListSchema,
  trainingPlanSchema,
} from '../../core/training/training-api.ts';
import { download } from '../http/download.ts';
import { requireUser } from '../http/require-user.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse, userRoute } from './openapi.ts';

const idParam = z.object({ id: z.string().min(1).max(64) });
const deleted = z.object({ deleted: z.literal(true) });
const versionParams = idParam.extend({ versionId: z.string().min(1).max(64), answer: z.enum(['accept', 'keep']) });

export function trainingRoutes({ services, auth }: RouteDeps) {
  const { training } = services;
  return (
    createRouter()
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/goals',
          tags: ['training'],
          responses: { 200: jsonResponse('The goals in order, with their progress', goalListSchema) },
        }),
        async (c) => c.json({ goals: await training.goals(c.var.user.id) }, 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'post',
          path: '/api/goals',
          tags: ['training'],
          request: { query: timeZoneQuerySchema, body: jsonBody(goalCreateSchema) },
          responses: {
            201: jsonResponse('The new goal, last in order', goalSchema),
            400: errorResponse('Invalid goal'),
          },
        }),
        async (c) =>
          c.json(
            await training.createGoal(c.var.user.id, {
              goal: c.req.valid('json'),
              timeZone: c.req.valid('query').timeZone,
            }),
            201,
          ),
      )
      .openapi(
        userRoute(auth, {
          method: 'put',
          path: '/api/goals/order',
          tags: ['training'],
          request: { body: jsonBody(goalReorderSchema) },
          responses: {
            200: jsonResponse('The goals in their new order', goalListSchema),
            400: errorResponse('Not the runner’s goals'),
          },
        }),
        async (c) => c.json({ goals: await training.reorderGoals(c.var.user.id, c.req.valid('json').goalIds) }, 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'patch',
          path: '/api/goals/{id}',
          tags: ['training'],
          request: { params: idParam, body: jsonBody(goalUpdateSchema) },
          responses: {
            200: jsonResponse('The changed goal', goalSchema),
            400: errorResponse('Invalid change'),
            404: errorResponse('No such goal'),
          },
        }),
        async (c) =>
          c.json(
            await training.updateGoal(c.var.user.id, { id: c.req.valid('param').id, update: c.req.valid('json') }),
            200,
          ),
      )
      .openapi(
        userRoute(auth, {
          method: 'delete',
          path: '/api/goals/{id}',
          tags: ['training'],
          request: { params: idParam },
          responses: { 200: jsonResponse('Deleted, with its plans', deleted), 404: errorResponse('No such goal') },
        }),
        async (c) => {
          await training.deleteGoal(c.var.user.id, c.req.valid('param').id);
          return c.json({ deleted: true as const }, 200);
        },
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/goals/{id}/plan-defaults',
          tags: ['training'],
          request: { params: idParam, query: timeZoneQuerySchema },
          responses: {
            200: jsonResponse("The plan form's figures: the runner's last weeks and the paces", planDefaultsSchema),
            400: errorResponse('Not a race goal'),
            404: errorResponse('No such goal'),
          },
        }),
        async (c) =>
          c.json(
            await training.planDefaults(c.var.user.id, {
              goalId: c.req.valid('param').id,
              timeZone: c.req.valid('query').timeZone,
            }),
            200,
          ),
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/training-plans',
          tags: ['training'],
          request: { query: planListQuerySchema },
          responses: {
            200: jsonResponse('The plans, by status and/or goal, else newest first', trainingPlanListSchema),
          },
        }),
        async (c) => {
          const { status, goalId } = c.req.valid('query');
          return c.json({ plans: await training.plans(c.var.user.id, { status, goalId }) }, 200);
        },
      )
      .openapi(
        userRoute(auth, {
          method: 'post',
          path: '/api/training-plans',
          tags: ['training'],
          request: { query: timeZoneQuerySchema, body: jsonBody(planRequestSchema) },
          responses: {
            201: jsonResponse('The generated plan', trainingPlanSchema),
            400: errorResponse('The plan cannot be made (why)'),
            403: errorResponse('Plan generation needs an active subscription on this server'),
            404: errorResponse('No such goal'),
          },
        }),
        async (c) =>
          c.json(
            await training.createPlan(c.var.user.id, {
              request: c.req.valid('json'),
              timeZone: c.req.valid('query').timeZone,
            }),
            201,
          ),
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/training-plans/{id}',
          tags: ['training'],
          request: { params: idParam },
          responses: {
            200: jsonResponse('The plan with its calendar', trainingPlanSchema),
            404: errorResponse('No such plan'),
          },
        }),
        async (c) => c.json(await training.plan(c.var.user.id, c.req.valid('param').id), 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'patch',
          path: '/api/training-plans/{id}',
          tags: ['training'],
          request: { params: idParam, body: jsonBody(planUpdateSchema) },
          responses: { 200: jsonResponse('The changed plan', trainingPlanSchema), 404: errorResponse('No such plan') },
        }),
        async (c) =>
          c.json(
            await training.updatePlan(c.var.user.id, {
              id: c.req.valid('param').id,
              status: c.req.valid('json').status,
            }),
            200,
          ),
      )
      .openapi(
        userRoute(auth, {
          method: 'delete',
          path: '/api/training-plans/{id}',
          tags: ['training'],
          request: { params: idParam },
          responses: { 200: jsonResponse('Deleted', deleted), 404: errorResponse('No such plan') },
        }),
        async (c) => {
          await training.deletePlan(c.var.user.id, c.req.valid('param').id);
          return c.json({ deleted: true as const }, 200);
        },
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/training-plans/{id}/progress',
          tags: ['training'],
          request: { params: idParam },
          responses: {
            200: jsonResponse('Spec §3 dailyProgress', z.object({ dailyProgress: dailyProgressSchema })),
            404: errorResponse('No such plan'),
          },
        }),
        async (c) =>
          c.json({ dailyProgress: await training.dailyProgress(c.var.user.id, c.req.valid('param').id) }, 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'put',
          path: '/api/training-plans/{id}/progress',
          tags: ['training'],
          request: { params: idParam, body: jsonBody(taskToggleSchema) },
          responses: {
            200: jsonResponse('The plan after ticking or unticking the task', trainingPlanSchema),
            400: errorResponse('Not a task of that day'),
            404: errorResponse('No such plan'),
          },
        }),
        async (c) =>
          c.json(
            await training.setTask(c.var.user.id, { id: c.req.valid('param').id, toggle: c.req.valid('json') }),
            200,
          ),
      )
      .openapi(
        userRoute(auth, {
          method: 'post',
          path: '/api/training-plans/{id}/replan',
          tags: ['training'],
          request: { params: idParam },
          responses: {
            200: jsonResponse(
              'The re-plan of the weeks left: proposed, or unchanged, with its reason',
              planVersionSchema,
            ),
            400: errorResponse('Not an active plan'),
            404: errorResponse('No such plan'),
          },
        }),
        async (c) => c.json(await training.replan(c.var.user.id, c.req.valid('param').id), 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'post',
          path: '/api/training-plans/{id}/versions/{versionId}/{answer}',
          tags: ['training'],
          request: { params: versionParams },
          responses: {
            200: jsonResponse('The plan after the answer: the re-plan accepted, or the plan kept', trainingPlanSchema),
            400: errorResponse('No such re-plan waiting'),
            404: errorResponse('No such plan'),
          },
        }),
        async (c) => {
          const { id, versionId, answer } = c.req.valid('param');
          return c.json(
            await training.answerReplan(c.var.user.id, { planId: id, versionId, accept: answer === 'accept' }),
            200,
          );
        },
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/training-plans/{id}/session-scores',
          tags: ['training'],
          request: { params: idParam },
          responses: {
            200: jsonResponse('The ticked structured sessions scored against their steps', planSessionScoresSchema),
            404: errorResponse('No such plan'),
          },
        }),
        async (c) => c.json({ scores: await training.sessionScores(c.var.user.id, c.req.valid('param').id) }, 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/activities/{id}/session-score',
          tags: ['training'],
          request: { params: idParam },
          responses: {
            200: jsonResponse(
              'The plan session the run was done for, scored against its steps; null for none',
              activitySessionScoreSchema,
            ),
            404: errorResponse('No such activity'),
          },
        }),
        async (c) =>
          c.json({ score: await training.activitySessionScore(c.var.user.id, c.req.valid('param').id) }, 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/training/today',
          tags: ['training'],
          request: { query: timeZoneQuerySchema },
          responses: { 200: jsonResponse('Today’s tasks of each active plan', todayTasksSchema) },
        }),
        async (c) => c.json(await training.today(c.var.user.id, c.req.valid('query').timeZone), 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/training/predictions',
          tags: ['training'],
          request: { query: timeZoneQuerySchema },
          responses: {
            200: jsonResponse('Race predictions from the recent best efforts, and their trend', racePredictionsSchema),
          },
        }),
        async (c) => c.json(await training.predictions(c.var.user.id, c.req.valid('query').timeZone), 200),
      )
      // A session as a FIT workout file for the watch.
      .get('/api/training-plans/:id/workouts/:file', requireUser(auth), async (c) => {
        const taskId = /^([\w-]{1,64})\.fit$/.exec(c.req.param('file'))?.[1] ?? '';
        return download(c, await training.workoutFile(c.var.user.id, { planId: c.req.param('id'), taskId }));
      })
      // A calendar file for phone calendars: outside the JSON contracts, and reached without a session.
      .get('/api/calendar/:file', async (c) => {
        const token = /^([\w-]{16,64})\.ics$/.exec(c.req.param('file'))?.[1];
        const feed = await training.calendarFeed(token ?? '');
        c.header('Content-Type', feed.contentType);
        c.header('Content-Disposition', `inline; filename="${feed.filename}"`);
        c.header('Cache-Control', 'private, max-age=300');
        return c.body(feed.body);
      })
  );
}
