import { describe, expect, test } from 'vitest';
import { fieldFeedback } from './form-fields.tsx';

describe('a field’s feedback', () => {
  test('the problem found before sending comes first, then the server’s, then the hint', () => {
    expect(fieldFeedback('Too short.', 'Taken.', 'At least 8 characters.')).toEqual({
      error: true,
      helperText: 'Too short.',
    });
    expect(fieldFeedback(false, 'Taken.', 'At least 8 characters.')).toEqual({ error: true, helperText: 'Taken.' });
    expect(fieldFeedback(undefined, undefined, 'At least 8 characters.')).toEqual({
      error: false,
      helperText: 'At least 8 characters.',
    });
  });

  test('without a hint the line below stays, blank, so the form does not jump', () => {
    expect(fieldFeedback('', undefined)).toEqual({ error: false, helperText: ' ' });
  });
});
