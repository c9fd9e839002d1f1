import { describe, expect, it } from 'vitest';
import { pathWithoutQuery, urlsWithoutQueries, withoutQueries } from './error-reports.ts';
import type { ErrorReport } from './error-report-schemas.ts';

describe('what a report keeps of the addresses it names', () => {
  it('keeps a page path without its query and fragment', () => {
    expect(pathWithoutQuery('/auth/action?mode=resetPassword&oobCode=abc123#top')).toBe('/auth/action');
    expect(pathWithoutQuery('/strava-callback#access_token=xyz')).toBe('/strava-callback');
    expect(pathWithoutQuery('/activities/42')).toBe('/activities/42');
  });

  it('cuts the query and fragment of every URL in a stack, keeping each frame’s line and column', () => {
    const stack = [
      'Error: failed',
      '    at load (http://localhost:5173/assets/index.js?v=9f3a:12:5)',
      '    at http://127.0.0.1:3000/auth/action?oobCode=secret&apiKey=k#x:3:7',
      '    at run (https://run.example.org/app.js#frag)',
      '    at plain (app.js:5:6)',
    ].join('\n');
    expect(urlsWithoutQueries(stack)).toBe(
      [
        'Error: failed',
        '    at load (http://localhost:5173/assets/index.js:12:5)',
        '    at http://127.0.0.1:3000/auth/action:3:7',
        '    at run (https://run.example.org/app.js)',
        '    at plain (app.js:5:6)',
      ].join('\n'),
    );
  });

  it('applies to the path, the message, the stack and the action of a report', () => {
    const report: ErrorReport = {
      id: 'err_1_abcd',
      type: 'network_error',
      severity: 'high',
      message: 'GET https://run.example.org/api/x?token=t1 failed',
      stack: 'at f (https://run.example.org/a.js?t=1:1:2)',
      path: '/auth/action?oobCode=c1',
      action: 'open https://run.example.org/auth/action?oobCode=c2',
      occurredAt: '2026-11-26T12:00:00.000Z',
    };
    expect(withoutQueries(report)).toEqual({
      ...report,
      message: 'GET https://run.example.org/api/x failed',
      stack: 'at f (https://run.example.org/a.js:1:2)',
      path: '/auth/action',
      action: 'open https://run.example.org/auth/action',
    });
  });
});
