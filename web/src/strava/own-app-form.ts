/**
 * The own-Strava-app form's checks as the user types: the server's own schema (ownAppBodySchema),
 * its first message per field.
 */
import { ownAppBodySchema, type OwnAppBody } from '../../../core/strava/api.ts';

export type OwnAppField = keyof OwnAppBody;

export const EMPTY_OWN_APP: OwnAppBody = { clientId: '', clientSecret: '' };

export function ownAppFieldErrors(values: OwnAppBody): Partial<Record<OwnAppField, string>> {
  const result = ownAppBodySchema.safeParse(values);
  const errors: Partial<Record<OwnAppField, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as OwnAppField;
    errors[field] ??= issue.message;
  }
  return errors;
}
