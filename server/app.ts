/**
 * The HTTP application: middleware in a fixed order, the API routes, the OpenAPI document and,
 * when a built web app is present, the single-page app for every other path.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { HTTP_MESSAGES, JSON_BODY_LIMIT_BYTES } from '../core/errors.ts';
import { PROFILE_PHOTO_UPLOAD_MESSAGES } from '../core/profile-photo.ts';
import { PROFILE_PHOTO_PATH_PREFIX } from '../core/profile.ts';
import { ROUTE_GPX_MAX_BYTES, ROUTE_MESSAGES } from '../core/routes/route-api.ts';
import { apiNotFound, createErrorHandler, errorBody, sendError } from './http/errors.ts';
import { compressJson } from './http/content-encoding.ts';
import { inputGuard } from './http/input-guard.ts';
import { requestLogger } from './http/request-logger.ts';
import { sameOrigin } from './http/same-origin.ts';
import { serveWebApp } from './http/web-app.ts';
import { profilePageHtml, profilePathUsername } from './http/profile-page-head.ts';
import { AppError } from './errors.ts';
import { accountRoutes } from './routes/account.ts';
import { accountSessionRoutes } from './routes/account-sessions.ts';
import { activityRoutes, UPLOAD_PATH } from './routes/activities.ts';
import { ARCHIVE_UPLOAD_PATH, archiveImportRoutes } from './routes/archive-imports.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { chartsRoutes } from './routes/charts.ts';
import { trainingRoutes } from './routes/training.ts';
import { wellbeingRoutes } from './routes/wellbeing.ts';
import { errorReportRoutes } from './routes/error-reports.ts';
import { eventRoutes } from './routes/events.ts';
import { mailRoutes } from './routes/mail.ts';
import { medalRoutes } from './routes/medals.ts';
import { clientConfigRoutes } from './routes/client-config.ts';
import type { RouteDeps } from './routes/deps.ts';
import { healthRoutes } from './routes/health.ts';
import { PROFILE_PHOTO_BODY_LIMIT, PROFILE_PHOTO_PATH, profileRoutes } from './routes/profile.ts';
import { profilePrivacyRoutes } from './routes/profile-privacy.ts';
import { publicProfileRoutes } from './routes/public-profiles.ts';
import { plannerRoutes, ROUTE_GPX_IMPORT_PATH } from './routes/planner.ts';
import { stravaRoutes } from './routes/strava.ts';
import { subscriptionRoutes } from './routes/subscription.ts';
import { weatherRoutes } from './routes/weather.ts';

export type AppDeps = RouteDeps;

export const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: { title: 'Stride API', version: '1', description: 'The HTTP API of Stride, a self-hosted running hub.' },
};

/** The CSP source of MAP_TILE_URL's server: `https://{s}.tile.example` becomes `https://*.tile.example`. */
export function tileSources(template: string): string[] {
  const origin = /^(https?:\/\/[^/]+)/i.exec(template)?.[1];
  return origin ? [origin.replace(/\{[a-z]+\}/gi, '*')] : [];
}

function apiRoutes(deps: RouteDeps) {
  // The archive import's routes go before the activities' /api/activities/{id}, which would take their path for an id.
  return new OpenAPIHono()
    .route('/', healthRoutes(deps))
    .route('/', accountRoutes(deps))
    .route('/', accountSessionRoutes(deps))
    .route('/', profileRoutes(deps))
    .route('/', publicProfileRoutes(deps))
    .route('/', profilePrivacyRoutes(deps))
    .route('/', clientConfigRoutes(deps))
    .route('/', archiveImportRoutes(deps))
    .route('/', activityRoutes(deps))
    .route('/', medalRoutes(deps))
    .route('/', analyticsRoutes(deps))
    .route('/', chartsRoutes(deps))
    .route('/', trainingRoutes(deps))
    .route('/', plannerRoutes(deps))
    .route('/', wellbeingRoutes(deps))
    .route('/', stravaRoutes(deps))
    .route('/', weatherRoutes(deps))
    .route('/', subscriptionRoutes(deps))
    .route('/', eventRoutes(deps))
    .route('/', errorReportRoutes(deps))
    .route('/', mailRoutes(deps));
}

/** The typed API surface for the web client (Hono RPC). */
export type ApiRoutes = ReturnType<typeof apiRoutes>;

/** /{username}'s HTML while that profile is on (server/http/profile-page-head.ts); null: the app's own page. */
async function publicProfilePage(deps: AppDeps, path: string, indexHtml: string): Promise<string | null> {
  const username = profilePathUsername(path);
  if (username === null) {
    return null;
  }
  try {
    return profilePageHtml(indexHtml, await deps.services.profiles.getPublic(username), deps.config.publicUrl);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not-found') {
      return null;
    }
    throw error;
  }
}

export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono();
  app.use('*', requestLogger(deps.logger, deps.securityLog, deps.config.trustProxyHops));
  const appHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Emotion (MUI) injects style tags at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Photos are served by Stride itself; the only other images are the map tiles, light and dark.
      imgSrc: [
        "'self'",
        'data:',
        'blob:',
        ...new Set([...tileSources(deps.config.mapTileUrl), ...tileSources(deps.config.mapTileUrlDark)]),
      ],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    // The Google sign-in popup (web/src/auth/google.ts) stays the page's own window while it is at
    // Google, so the page can tell when the runner closes it; other windows stay cut off.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
  });
  // A photo is only ever an image: nothing in it may run or load anything, even opened on its own.
  const photoHeaders = secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], sandbox: [] },
    crossOriginEmbedderPolicy: false,
  });
  app.use('*', (c, next) => {
    const headers = c.req.path.startsWith(PROFILE_PHOTO_PATH_PREFIX) ? photoHeaders : appHeaders;
    return headers(c as Parameters<typeof headers>[0], next);
  });
  // Before any route (better-auth's included): state-changing requests from other origins are refused.
  app.use('*', sameOrigin(deps.config, deps.securityLog));
  app.use('/api/*', compressJson());
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: (c) => {
      // The rest of the body is never read, so this connection cannot carry another request;
      // saying so stops clients from reusing a socket the server is about to drop.
      c.header('Connection', 'close');
      return sendError(c, 413, errorBody('validation_error', HTTP_MESSAGES.bodyTooLarge));
    },
  });
  // Uploads stream with their own per-file limit (spec §9: 50 MB a file, 10 files).
  const photoBodyLimit = bodyLimit({
    maxSize: PROFILE_PHOTO_BODY_LIMIT,
    onError: (c) => {
      c.header('Connection', 'close');
      return sendError(c, 413, errorBody('validation_error', PROFILE_PHOTO_UPLOAD_MESSAGES.tooLarge));
    },
  });
  // A GPX to plan from: the planner's own cap, with its own sentence.
  const routeGpxBodyLimit = bodyLimit({
    maxSize: ROUTE_GPX_MAX_BYTES,
    onError: (c) => {
      c.header('Connection', 'close');
      return sendError(c, 413, errorBody('validation_error', ROUTE_MESSAGES.gpxTooLarge));
    },
  });
  app.use('/api/*', async (c, next) => {
    if (c.req.path === ROUTE_GPX_IMPORT_PATH && c.req.method === 'POST') {
      return routeGpxBodyLimit(c as Parameters<typeof routeGpxBodyLimit>[0], next);
    }
    // The upload and the archive stream their bodies under their own limits.
    if (c.req.path === UPLOAD_PATH || (c.req.path === ARCHIVE_UPLOAD_PATH && c.req.method === 'POST')) {
      return next();
    }
    if (c.req.path === PROFILE_PHOTO_PATH && c.req.method === 'POST') {
      return photoBodyLimit(c as Parameters<typeof photoBodyLimit>[0], next);
    }
    return jsonBodyLimit(c as Parameters<typeof jsonBodyLimit>[0], next);
  });
  // After the body limit, so the guard never reads more than 1 MB of a JSON body.
  app.use('*', inputGuard);
  app.route('/', apiRoutes(deps));
  app.doc31('/api/docs', OPENAPI_INFO);
  app.all('/api/*', apiNotFound);
  if (deps.config.webDir) {
    app.route(
      '/',
      serveWebApp(deps.config.webDir, {
        sourceMaps: deps.config.serveSourceMaps,
        pageFor: (path, indexHtml) => publicProfilePage(deps, path, indexHtml),
      }),
    );
  }
  app.notFound(apiNotFound);
  app.onError(createErrorHandler(deps.logger));
  return app;
}
