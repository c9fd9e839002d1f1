/**
 * Text a user types or a file carries (names, location, bio, activity names) is stored in one
 * normal form, so that what is shown is what was meant and nothing invisible rides along:
 * - Unicode NFC, so "é" typed or pasted in either form is one string;
 * - bidirectional controls removed: the embeddings and overrides U+202A–U+202E, the isolates
 *   U+2066–U+2069, and also the marks U+200E, U+200F and U+061C. The marks are invisible too and a
 *   name never needs them (the bidi algorithm orders Arabic or Hebrew text by itself), while any
 *   of them can make a name display as something else (e.g. "evil\u202Eexe.gpx");
 * - control characters removed (C0, DEL, C1); in single-line text tabs and line breaks become a
 *   space, in multi-line text (the bio) line breaks are kept as "\n";
 * - trimmed.
 */
import { z } from 'zod';

const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
// Line breaks and tabs are handled before this; every other control character goes.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

export interface UserTextOptions {
  /** Keep line breaks (as "\n"); otherwise they become spaces. */
  multiline?: boolean;
}

export function normaliseUserText(text: string, options: UserTextOptions = {}): string {
  let result = text.normalize('NFC').replace(BIDI_CONTROLS, '');
  if (options.multiline) {
    result = result
      .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
      .replace(/\t/g, ' ')
      .replace(CONTROL_CHARACTERS, '')
      .replace(/[ ]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n');
  } else {
    result = result.replace(/[\t\n\r\u2028\u2029\u0085]+/g, ' ').replace(CONTROL_CHARACTERS, '');
  }
  return result.trim();
}

/** Spec is silent on text sizes; every field states its own limit in this one sentence. */
export function tooLongMessage(max: number): string {
  return `Use at most ${max} characters.`;
}

/** Cuts to at most `max` UTF-16 units without splitting a surrogate pair. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) {
    return text;
  }
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return (last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut).trimEnd();
}

/** A user text field: normalised as above, then at most `max` characters. */
export function userTextSchema(max: number, options: UserTextOptions = {}) {
  return z
    .string()
    .overwrite((value) => normaliseUserText(value, options))
    .max(max, tooLongMessage(max));
}
