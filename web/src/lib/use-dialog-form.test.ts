import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { problemsFromIssues, serverProblems, useDialogForm, type FieldOf } from './use-dialog-form.ts';

interface Draft {
  date: string;
  distance: string;
  counted: boolean;
}

/** As the manual activity dialog maps them: the API's start and zone are the form's date. */
const fieldOf: FieldOf<Draft> = (apiField) =>
  ({ startDateLocal: 'date', timeZone: 'date', distance: 'distance', counted: 'counted' })[apiField] as
    keyof Draft | undefined;

const refusal = (fields?: Record<string, string>) =>
  new ApiError(400, { error: 'invalid_input', message: 'Please correct the highlighted fields.', fields } as never);

describe('problemsFromIssues', () => {
  it("puts each field's first issue on the form's field and drops issues of no field", () => {
    expect(
      problemsFromIssues(
        [
          { path: ['startDateLocal'], message: 'Enter the start as a real date and time, YYYY-MM-DDTHH:mm.' },
          { path: ['timeZone'], message: 'Send a known IANA time zone such as Europe/Ljubljana.' },
          { path: ['distance'], message: 'Enter a distance greater than 0 in mi.' },
          { path: ['surface'], message: 'Unknown field.' },
        ],
        fieldOf,
      ),
    ).toEqual({
      date: 'Enter the start as a real date and time, YYYY-MM-DDTHH:mm.',
      distance: 'Enter a distance greater than 0 in mi.',
    });
  });
});

describe('serverProblems', () => {
  it("maps the server's field problems to the form's fields, the first one winning", () => {
    const error = refusal({
      timeZone: 'Send a known IANA time zone such as Europe/Ljubljana.',
      startDateLocal: 'Later.',
    });
    expect(serverProblems(error, fieldOf)).toEqual({
      fields: { date: 'Send a known IANA time zone such as Europe/Ljubljana.' },
      message: undefined,
    });
  });

  it('shows the sentence when the refusal names no field of the form', () => {
    expect(serverProblems(refusal({ surface: 'Unknown field.' }), fieldOf)).toEqual({
      fields: {},
      message: 'Please correct the highlighted fields.',
    });
    expect(serverProblems(new Error('The server could not be reached.'), fieldOf)).toEqual({
      fields: {},
      message: 'The server could not be reached.',
    });
    expect(serverProblems(null, fieldOf)).toEqual({ fields: {}, message: undefined });
  });
});

describe('useDialogForm', () => {
  function rendered(error: Error | null): unknown {
    function Probe() {
      const form = useDialogForm<Draft>({
        initial: () => ({ date: '2026-11-26', distance: '', counted: true }),
        error,
        fieldOf,
      });
      return JSON.stringify({
        draft: form.draft,
        date: form.textField('date'),
        distance: form.textField('distance', 'h:mm:ss'),
        serverProblem: form.serverProblem ?? null,
      });
    }
    return JSON.parse(renderToString(createElement(Probe)).replaceAll('&quot;', '"'));
  }

  it('opens with the initial draft and the helper texts', () => {
    expect(rendered(null)).toEqual({
      draft: { date: '2026-11-26', distance: '', counted: true },
      date: { value: '2026-11-26', error: false, helperText: ' ' },
      distance: { value: '', error: false, helperText: 'h:mm:ss' },
      serverProblem: null,
    });
  });

  it("shows the server's refusal on the field it names", () => {
    expect(rendered(refusal({ startDateLocal: 'The start is in the future.' }))).toMatchObject({
      date: { value: '2026-11-26', error: true, helperText: 'The start is in the future.' },
      distance: { error: false, helperText: 'h:mm:ss' },
      serverProblem: null,
    });
  });
});
