/**
 * Error reports from the web app (spec §4 "Error queue", §8): a signed-in runner's or a visitor's,
 * limited per runner (signed out: per address) and per address whoever is signed in, and the
 * operator's reading of the recent ones.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  ERROR_REPORT_ENDPOINT_MESSAGES,
  ERROR_REPORT_REQUESTS_PER_ADDRESS_PER_MINUTE,
  ERROR_REPORT_REQUESTS_PER_MINUTE,
  ERROR_REPORT_RETENTION_DAYS,
} from '../../core/error-reports.ts';
import {
  errorReportBatchSchema,
  errorReportReceiptSchema,
  storedErrorReportListSchema,
} from '../../core/error-report-schemas.ts';
import type { AppEnv } from '../http/context.ts';
import { errorBody, sendError } from '../http/errors.ts';
import { byClientAddress, rateLimit } from '../http/rate-limit.ts';
import { isOperator } from '../security/operator-token.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse } from './openapi.ts';

const MINUTE_MS = 60_000;

const operatorQuerySchema = z.object({
  sinceMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(ERROR_REPORT_RETENTION_DAYS * 24 * 60)
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

export function errorReportRoutes({ services, auth, config, clock }: RouteDeps) {
  const { errorReports } = services;
  const addressOf = byClientAddress(config.trustProxyHops);
  // Who sends the reports: a runner's session counts as theirs; without one, the address does.
  const reporter = createMiddleware<AppEnv>(async (c, next) => {
    const session = await auth.sessionOf(c.req.raw.headers);
    c.set('reporterId', session?.userId ?? null);
    await next();
  });
  const limited = rateLimit({
    key: (c) => {
      const userId = c.get('reporterId');
      return userId ? `user:${userId}` : `address:${addressOf(c)}`;
    },
    limit: ERROR_REPORT_REQUESTS_PER_MINUTE,
    windowMs: MINUTE_MS,
    clock,
  });
  const limitedPerAddress = rateLimit({
    key: addressOf,
    limit: ERROR_REPORT_REQUESTS_PER_ADDRESS_PER_MINUTE,
    windowMs: MINUTE_MS,
    clock,
  });
  const operatorOnly = createMiddleware<AppEnv>(async (c, next) => {
    if (!isOperator(c.req.header('authorization'), config.appSecret)) {
      return sendError(c, 401, errorBody('authentication', ERROR_REPORT_ENDPOINT_MESSAGES.operatorOnly));
    }
    await next();
  });
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/errors',
        tags: ['errors'],
        middleware: [reporter, limited, limitedPerAddress] as const,
        request: { body: jsonBody(errorReportBatchSchema) },
        responses: {
          202: jsonResponse('How many of the reports were new (one sent twice is kept once)', errorReportReceiptSchema),
          400: errorResponse('A report that is not one (the whole batch is refused)'),
          429: errorResponse('Too many report requests from this runner or this address'),
        },
      }),
      async (c) =>
        c.json(
          await errorReports.receive({
            userId: c.get('reporterId') ?? null,
            userAgent: c.req.header('user-agent'),
            reports: c.req.valid('json').reports,
          }),
          202,
        ),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/operator/error-reports',
        tags: ['operator'],
        middleware: [operatorOnly] as const,
        request: { query: operatorQuerySchema },
        responses: {
          200: jsonResponse('The reports received in the period, newest first', storedErrorReportListSchema),
          401: errorResponse('Without the operator token'),
        },
      }),
      async (c) => {
        const { sinceMinutes, limit } = c.req.valid('query');
        const reports = await errorReports.list({
          sinceMs: sinceMinutes === undefined ? undefined : sinceMinutes * MINUTE_MS,
          limit,
        });
        return c.json({ reports }, 200);
      },
    );
}
