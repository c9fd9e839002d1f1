/**
 * Strava's OAuth endpoints (developers.strava.com/docs/authentication): the authorise page a
 * browser visits (Authorize / Cancel links back to the redirect URI), the token endpoint's
 * authorization_code and refresh_token grants (an access token with over an hour left is handed
 * back unchanged, as Strava does) and deauthorisation.
 */
import type { IncomingMessage } from 'node:http';
import { escapeHtml, fault, HttpError, token } from './simulator-http.ts';
import type { SimulatorStore } from './simulator-store.ts';
import type { StravaJson } from './strava-json.ts';

const SCOPES = [
  'read',
  'read_all',
  'profile:read_all',
  'profile:write',
  'activity:read',
  'activity:read_all',
  'activity:write',
];
export type EndpointResult = { status: number; json?: unknown; html?: string };

export function createOAuthEndpoints(store: SimulatorStore, json: Pick<StravaJson, 'athleteJson'>) {
  const { state, options, seconds, clientId, clientSecret, addAthlete, issueTokens, revokeAthlete } = store;
  const { athleteJson } = json;

  function requireClient(fields: Record<string, string>): void {
    if (fields.client_id !== clientId) {
      throw new HttpError(400, fault('Application', 'client_id', 'invalid'));
    }
    if (fields.client_secret !== clientSecret) {
      throw new HttpError(401, fault('Application', 'client_secret', 'invalid'));
    }
  }

  function authorizePage(query: URLSearchParams): { status: number; html: string; location?: string } {
    if (query.get('client_id') !== clientId) {
      throw new HttpError(400, fault('Application', 'client_id', 'invalid'));
    }
    const redirectUri = query.get('redirect_uri');
    if (!redirectUri || !URL.canParse(redirectUri)) {
      throw new HttpError(400, fault('Application', 'redirect_uri', 'invalid'));
    }
    if (query.get('response_type') !== 'code') {
      throw new HttpError(400, fault('Application', 'response_type', 'invalid'));
    }
    const prompt = query.get('approval_prompt');
    if (prompt !== null && prompt !== 'auto' && prompt !== 'force') {
      throw new HttpError(400, fault('Application', 'approval_prompt', 'invalid'));
    }
    const requested = (query.get('scope') ?? 'read')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (requested.some((scope) => !SCOPES.includes(scope))) {
      throw new HttpError(400, fault('Application', 'scope', 'invalid'));
    }
    const athleteId = options.newAthletePerAuthorization
      ? addAthlete({ activities: options.activities ?? 0, signIn: true }).id
      : (state.signedInAthleteId ?? addAthlete().id);
    const athlete = state.athletes.get(athleteId);
    const scope = requested.includes('read') ? requested.join(',') : ['read', ...requested].join(',');
    const code = token();
    state.codes.set(code, { athleteId, scope, redirectUri });
    const approve = new URL(redirectUri);
    approve.searchParams.set('state', query.get('state') ?? '');
    approve.searchParams.set('code', code);
    approve.searchParams.set('scope', scope);
    const deny = new URL(redirectUri);
    deny.searchParams.set('state', query.get('state') ?? '');
    deny.searchParams.set('error', 'access_denied');
    const name = athlete ? `${athlete.firstname} ${athlete.lastname}` : 'athlete';
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Authorize | Strava simulator</title></head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 4rem auto">
<h1>Strava simulator</h1>
<p>Signed in as <strong>${escapeHtml(name)}</strong>. An application (client id ${escapeHtml(clientId)}) asks to:</p>
<ul>${scope
      .split(',')
      .map((s) => `<li>${escapeHtml(s)}</li>`)
      .join('')}</ul>
<p><a id="authorize" role="button" href="${escapeHtml(approve.toString())}">Authorize</a>
 &nbsp; <a id="deny" href="${escapeHtml(deny.toString())}">Cancel</a></p>
</body></html>`;
    return { status: 200, html };
  }

  function tokenGrant(fields: Record<string, string>): object {
    requireClient(fields);
    if (fields.grant_type === 'authorization_code') {
      const code = fields.code ? state.codes.get(fields.code) : undefined;
      if (!fields.code || !code) {
        throw new HttpError(400, fault('AuthorizationCode', 'code', 'invalid'));
      }
      state.codes.delete(fields.code);
      const athlete = state.athletes.get(code.athleteId);
      if (!athlete) {
        throw new HttpError(400, fault('AuthorizationCode', 'code', 'invalid'));
      }
      const tokens = issueTokens(athlete.id, code.scope);
      return {
        token_type: 'Bearer',
        expires_at: tokens.expires_at,
        expires_in: tokens.expires_in,
        refresh_token: tokens.refresh_token,
        access_token: tokens.access_token,
        refresh_token_expires_at: tokens.refresh_token_expires_at,
        athlete: athleteJson(athlete, false),
      };
    }
    if (fields.grant_type === 'refresh_token') {
      const invalid = new HttpError(400, fault('RefreshToken', 'refresh_token', 'invalid'));
      const record = fields.refresh_token ? state.refreshTokens.get(fields.refresh_token) : undefined;
      if (!fields.refresh_token || !record || state.faults.invalidRefreshToken || state.faults.expiredRefreshTokens) {
        throw invalid;
      }
      if (record.expiresAt <= seconds()) {
        throw invalid;
      }
      // Strava hands back the current access token while it has more than an hour left.
      for (const [accessToken, access] of state.accessTokens) {
        if (
          access.athleteId === record.athleteId &&
          access.expiresAt - seconds() > 3600 &&
          !state.faults.expiredAccessTokens
        ) {
          return {
            token_type: 'Bearer',
            access_token: accessToken,
            expires_at: access.expiresAt,
            expires_in: access.expiresAt - seconds(),
            refresh_token: fields.refresh_token,
            refresh_token_expires_at: record.expiresAt,
          };
        }
      }
      state.refreshTokens.delete(fields.refresh_token);
      const tokens = issueTokens(record.athleteId, record.scope);
      return {
        token_type: 'Bearer',
        access_token: tokens.access_token,
        expires_at: tokens.expires_at,
        expires_in: tokens.expires_in,
        refresh_token: tokens.refresh_token,
        refresh_token_expires_at: tokens.refresh_token_expires_at,
      };
    }
    throw new HttpError(400, fault('Application', 'grant_type', 'invalid'));
  }

  /** Answers an OAuth request, or null when the path is not one of these endpoints. */
  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    fields: Record<string, string>,
    request: IncomingMessage,
  ): EndpointResult | null {
    if (method === 'GET' && path === '/oauth/authorize') {
      return authorizePage(query);
    }
    if (method === 'POST' && path === '/oauth/token') {
      return { status: 200, json: tokenGrant(fields) };
    }
    if (method === 'POST' && path === '/oauth/deauthorize') {
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const accessToken = fields.access_token ?? bearer ?? '';
      const record = state.accessTokens.get(accessToken);
      if (!record) {
        throw new HttpError(401, fault('Athlete', 'access_token', 'invalid', 'Authorization Error'));
      }
      revokeAthlete(record.athleteId);
      return { status: 200, json: { access_token: accessToken } };
    }
    return null;
  }

  return { route, requireClient };
}
