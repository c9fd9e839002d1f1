import { describe, expect, it } from 'vitest';
import {
  ERROR_SEVERITIES,
  ERROR_TYPES,
  HTTP_MESSAGES,
  isApiErrorBody,
  JSON_BODY_LIMIT_BYTES,
  missingEnvironmentVariableMessage,
  NOT_FOUND_MESSAGES,
} from './errors.ts';

describe('error vocabulary (spec §8)', () => {
  it('has the ten error types and four severities', () => {
    expect([...ERROR_TYPES]).toEqual([
      'authentication',
      'api_error',
      'network_error',
      'validation_error',
      'permission_error',
      'rate_limit_error',
      'data_corruption',
      'user_action_error',
      'system_error',
      'unknown_error',
    ]);
    expect([...ERROR_SEVERITIES]).toEqual(['low', 'medium', 'high', 'critical']);
  });
});

describe('missingEnvironmentVariableMessage (spec §5 "Startup")', () => {
  it('names the variable', () => {
    expect(missingEnvironmentVariableMessage('APP_SECRET')).toBe('Missing required environment variable: APP_SECRET');
  });
});

describe('NOT_FOUND_MESSAGES', () => {
  it('holds every 404 sentence of the API in one place', () => {
    expect({ ...NOT_FOUND_MESSAGES, runner: NOT_FOUND_MESSAGES.runner('ana') }).toEqual({
      activity: 'Activity not found.',
      goal: 'Goal not found.',
      plan: 'Training plan not found.',
      workout: 'No workout for this session.',
      route: 'Route not found.',
      medal: 'Medal not found.',
      profile: 'Profile not found.',
      account: 'Account not found.',
      runner: 'No runner is called @ana.',
    });
  });
});

describe('HTTP_MESSAGES', () => {
  it('names method and path of an unknown API path', () => {
    expect(HTTP_MESSAGES.unknownApiPath('GET', '/api/nope')).toBe('Unknown API path: GET /api/nope');
  });

  it('states the 1 MB body limit', () => {
    expect(JSON_BODY_LIMIT_BYTES).toBe(1_048_576);
    expect(HTTP_MESSAGES.bodyTooLarge).toContain('1 MB');
  });
});

describe('isApiErrorBody', () => {
  it.each([
    [{ error: { type: 'validation_error', message: 'Bad.' } }],
    [{ error: { type: 'authentication', message: '', code: 'invalid-credential', fields: {} } }],
  ])('accepts %j', (value) => {
    expect(isApiErrorBody(value)).toBe(true);
  });

  it.each([
    [null],
    [undefined],
    ['error'],
    [{}],
    [{ error: null }],
    [{ error: 'Bad.' }],
    [{ error: { type: 'validation_error' } }],
    [{ error: { message: 'Bad.' } }],
    [{ error: { type: 'not_a_type', message: 'Bad.' } }],
    [{ error: { type: 'api_error', message: 42 } }],
  ])('rejects %j', (value) => {
    expect(isApiErrorBody(value)).toBe(false);
  });
});
