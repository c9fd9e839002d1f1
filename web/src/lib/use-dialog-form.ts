/**
 * A dialog form's plumbing, written once: the draft with a state per field, the problems found
 * before sending (a field's own problem clears as it is changed), and the server's answer mapped to
 * the fields it names; a refusal that names no field of the form is shown as one sentence.
 */
import { useState } from 'react';
import { ApiError } from '../api/client.ts';

export type FieldProblems<D> = Partial<Record<keyof D, string>>;

/** The form's field for a field name of the API (or of its schema), or undefined when it has none. */
export type FieldOf<D> = (apiField: string) => keyof D | undefined;

/** A schema's issues as the form shows them: the first problem of each field. */
export function problemsFromIssues<D>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fieldOf: FieldOf<D>,
): FieldProblems<D> {
  const found: FieldProblems<D> = {};
  for (const issue of issues) {
    const field = fieldOf(String(issue.path[0]));
    if (field !== undefined && !found[field]) {
      found[field] = issue.message;
    }
  }
  return found;
}

/** The server's refusal: its field problems on the form's fields, or its sentence when it names none of them. */
export function serverProblems<D>(
  error: Error | null,
  fieldOf: FieldOf<D>,
): { fields: FieldProblems<D>; message: string | undefined } {
  const fields: FieldProblems<D> = {};
  if (error instanceof ApiError) {
    for (const [apiField, message] of Object.entries(error.fields)) {
      const field = fieldOf(apiField);
      if (field !== undefined) {
        fields[field] ??= message;
      }
    }
  }
  const message = error && Object.keys(fields).length === 0 ? error.message : undefined;
  return { fields, message };
}

export function useDialogForm<D extends object>({
  initial,
  error,
  fieldOf,
}: {
  /** The draft the form opens with (called again by `reset`). */
  initial: () => D;
  /** The mutation's error, if the server refused the last send. */
  error: Error | null;
  fieldOf: FieldOf<D>;
}) {
  const [draft, setDraft] = useState<D>(initial);
  const [problems, setProblems] = useState<FieldProblems<D>>({});
  const server = serverProblems(error, fieldOf);
  const problemOf = (field: keyof D): string | undefined => problems[field] ?? server.fields[field];

  const change = <K extends keyof D>(field: K, value: D[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  /** A text field's value, change, error state and helper text (the problem, else `helper`). */
  const textField = (field: { [K in keyof D]: D[K] extends string ? K : never }[keyof D], helper = ' ') => ({
    value: draft[field] as string,
    onChange: (event: { target: { value: string } }) => change(field, event.target.value as D[typeof field]),
    error: Boolean(problemOf(field)),
    helperText: problemOf(field) ?? helper,
  });

  return {
    draft,
    change,
    problemOf,
    textField,
    /** Shows these problems (found before sending) in place of the ones shown. */
    showProblems: setProblems,
    /** The server's sentence when its refusal names none of the form's fields. */
    serverProblem: server.message,
    /** Back to the opening draft with no problems (the dialog resets its mutation beside this). */
    reset: () => {
      setDraft(initial());
      setProblems({});
    },
  };
}
