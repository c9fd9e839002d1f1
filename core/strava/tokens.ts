/**
 * The token rules of spec §4 "Fitness-service connection" and §5 "Tokens", as pure decisions on the
 * integration record of spec §3. The server client does the HTTP and the storage; it asks here what
 * to do with the record it holds and how to read Strava's token answers.
 *
 * Times in the record are epoch milliseconds (Strava sends seconds; parseTokenResponse converts).
 */
import {
  MIN_REFRESH_ATTEMPT_GAP_MS,
  MIN_REFRESH_TOKEN_LENGTH,
  TOKEN_MARGIN_ON_LOAD_MS,
  TOKEN_MARGIN_ON_REQUEST_MS,
} from './constants.ts';
import { STRAVA_MESSAGES } from './messages.ts';

/** Spec §3 "Fitness-service integration record" (users/{uid}/integrations/strava). */
export interface StravaIntegrationRecord {
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: number | null;
  refreshTokenExpiresAt: number | null;
  athleteId: string | null;
  athleteName: string | null;
  connectedAt: number | null;
  updatedAt: number | null;
  lastRefreshAttempt: number | null;
  disconnectedAt: number | null;
  isActive: boolean;
}

/**
 * - `use`: the stored access token is good.
 * - `refresh`: refresh it now (then record the attempt with markRefreshAttempt).
 * - `reuse-recent`: a refresh was attempted under 5 s ago; return the stored token as it is (spec §4).
 *   This holds even when that token has already expired — the spec says so, and it is what keeps
 *   concurrent requests from refreshing twice. A request made with that token may get a 401; the server
 *   then asks for one refresh (server/services/strava/connection.ts withToken), which this gap also bounds.
 * - `disconnected`: no record, an inactive one, missing token data, or an expired refresh token.
 */
export type TokenDecision = 'use' | 'refresh' | 'reuse-recent' | 'disconnected';
export type TokenPurpose = 'load' | 'request';

const MARGINS: Readonly<Record<TokenPurpose, number>> = {
  load: TOKEN_MARGIN_ON_LOAD_MS,
  request: TOKEN_MARGIN_ON_REQUEST_MS,
};

/**
 * Spec §4: on load a token valid for MORE than 300 s is used; on request one that expires WITHIN
 * 600 s is refreshed. Both read as "use only while strictly more than the margin remains", so
 * exactly 300 s (load) and exactly 600 s (request) both refresh.
 * "Incomplete" means any of accessToken, refreshToken, expiresAt is missing; athlete fields are not
 * needed to call Strava. A refreshTokenExpiresAt of null means Strava never said (it usually does not).
 */
export function tokenDecision(
  record: StravaIntegrationRecord | null | undefined,
  now: number,
  purpose: TokenPurpose,
): TokenDecision {
  if (!record?.isActive || !record.accessToken || !record.refreshToken || record.expiresAt === null) {
    return 'disconnected';
  }
  if (record.refreshTokenExpiresAt !== null && record.refreshTokenExpiresAt <= now) {
    return 'disconnected';
  }
  if (record.expiresAt - now > MARGINS[purpose]) {
    return 'use';
  }
  if (record.lastRefreshAttempt !== null && now - record.lastRefreshAttempt < MIN_REFRESH_ATTEMPT_GAP_MS) {
    return 'reuse-recent';
  }
  return 'refresh';
}

/**
 * How long (ms from `now`) tokenDecision keeps giving the same answer for this record, if nothing
 * writes it meanwhile: a good token until it comes within the margin or its refresh token expires, a
 * disconnection for good, and a refresh or a reuse not at all (the record is about to change).
 */
export function tokenDecisionHoldsFor(
  record: StravaIntegrationRecord | null | undefined,
  now: number,
  purpose: TokenPurpose,
): number {
  const decision = tokenDecision(record, now, purpose);
  if (decision === 'disconnected') {
    return Number.POSITIVE_INFINITY;
  }
  if (decision !== 'use' || !record || record.expiresAt === null) {
    return 0;
  }
  const untilMargin = record.expiresAt - MARGINS[purpose] - now;
  const untilRefreshExpiry =
    record.refreshTokenExpiresAt === null ? Number.POSITIVE_INFINITY : record.refreshTokenExpiresAt - now;
  return Math.min(untilMargin, untilRefreshExpiry);
}

/** Spec §5: the error text for a refresh token that cannot be right, or null when it may be sent. */
export function validateRefreshToken(token: unknown): string | null {
  return typeof token === 'string' && token.length >= MIN_REFRESH_TOKEN_LENGTH
    ? null
    : STRAVA_MESSAGES.invalidRefreshTokenFormat;
}

export interface RefreshedTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms. */
  expiresAt: number;
  /** Epoch ms, or null when Strava did not send refresh_token_expires_at. */
  refreshTokenExpiresAt: number | null;
}

export interface ExchangedTokens extends RefreshedTokens {
  athleteId: string;
  /** "First Last", trimmed; empty when Strava sends neither name. */
  athleteName: string;
}

export type TokenResponseKind = 'exchange' | 'refresh';
export type TokenResponse<K extends TokenResponseKind> = K extends 'exchange' ? ExchangedTokens : RefreshedTokens;
export type ParsedTokenResponse<K extends TokenResponseKind> =
  { ok: true; value: TokenResponse<K> } | { ok: false; error: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Strava's epoch seconds as epoch ms; null unless a positive finite number. */
function epochSecondsToMs(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value * 1000 : null;
}

function athleteIdOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) {
    return String(value);
  }
  return typeof value === 'string' && /^\d+$/.test(value) ? value : null;
}

function nameOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Spec §5/§7: a token answer must carry access_token, refresh_token and expires_at (epoch seconds);
 * an exchange answer also an athlete with an id. first and last names may be null or missing (a
 * Strava athlete can leave them empty) and become "". refresh_token_expires_at is optional; when
 * present it must be a valid time. Anything else is "Invalid token response from Strava".
 */
export function parseTokenResponse<K extends TokenResponseKind>(json: unknown, kind: K): ParsedTokenResponse<K> {
  const invalid = { ok: false as const, error: STRAVA_MESSAGES.invalidTokenResponse };
  if (!isObject(json)) {
    return invalid;
  }
  const accessToken = nonEmptyString(json.access_token);
  const refreshToken = nonEmptyString(json.refresh_token);
  const expiresAt = epochSecondsToMs(json.expires_at);
  const rawRefreshExpiry = json.refresh_token_expires_at;
  const refreshTokenExpiresAt = rawRefreshExpiry === undefined ? null : epochSecondsToMs(rawRefreshExpiry);
  if (
    accessToken === null ||
    refreshToken === null ||
    expiresAt === null ||
    (rawRefreshExpiry !== undefined && refreshTokenExpiresAt === null)
  ) {
    return invalid;
  }
  const tokens: RefreshedTokens = { accessToken, refreshToken, expiresAt, refreshTokenExpiresAt };
  if (kind === 'refresh') {
    return { ok: true, value: tokens as TokenResponse<K> };
  }
  const athlete = json.athlete;
  const athleteId = isObject(athlete) ? athleteIdOf(athlete.id) : null;
  if (!isObject(athlete) || athleteId === null) {
    return invalid;
  }
  const athleteName = `${nameOf(athlete.firstname)} ${nameOf(athlete.lastname)}`.trim();
  const exchanged: ExchangedTokens = { ...tokens, athleteId, athleteName };
  return { ok: true, value: exchanged };
}

/** Spec §4: a successful code exchange makes a fresh, active record. */
export function connectedRecord(tokens: ExchangedTokens, now: number): StravaIntegrationRecord {
  return {
    ...tokens,
    connectedAt: now,
    updatedAt: now,
    lastRefreshAttempt: null,
    disconnectedAt: null,
    isActive: true,
  };
}

/** Stamp a refresh attempt before sending it, so a second caller within 5 s reuses the old token. */
export function markRefreshAttempt(record: StravaIntegrationRecord, now: number): StravaIntegrationRecord {
  return { ...record, lastRefreshAttempt: now };
}

/**
 * A successful refresh. Strava may rotate the refresh token; the new one is kept. When Strava does
 * not send refresh_token_expires_at the previously known expiry is kept.
 */
export function refreshedRecord(
  record: StravaIntegrationRecord,
  tokens: RefreshedTokens,
  now: number,
): StravaIntegrationRecord {
  return {
    ...record,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt ?? record.refreshTokenExpiresAt,
    updatedAt: now,
  };
}

/** Spec §4: disconnect sets isActive false and disconnectedAt; the tokens are kept for revocation. */
export function disconnectRecord(record: StravaIntegrationRecord, now: number): StravaIntegrationRecord {
  return { ...record, isActive: false, disconnectedAt: now, updatedAt: now };
}
