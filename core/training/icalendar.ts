/**
 * A training plan as an iCalendar file (RFC 5545), for Google Calendar, Apple Calendar or Outlook:
 * one all-day VEVENT per plan day that has something to do (rest days are left out), each with a
 * UID built from the plan id and the date, so importing the file again updates the same events.
 * Lines end in CRLF and are folded at 75 octets (§3.1); text values escape backslash, semicolon,
 * comma and newlines (§3.3.11). DTSTAMP is the export time, passed in.
 */
import type { UnitSystem } from '../unit-system.ts';
import { addDays } from './local-day.ts';
import { planDays, type TrainingPlanSchedule } from './plan-generation.ts';
import { taskDescription, taskTitle } from './task-text.ts';
import { stepsText, workoutSteps } from './workout-steps.ts';

export const ICALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';
export const ICALENDAR_PRODUCT_ID = '-//Stride//Training plan//EN';
const MAX_LINE_OCTETS = 75;
const CRLF = '\r\n';

/** RFC 5545 §3.3.11: TEXT escapes backslash, semicolon and comma, and writes newlines as \n. */
export function escapeICalendarText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 §3.1: a content line longer than 75 octets continues on lines that start with one space
 * (which counts toward their 75). A multi-octet UTF-8 character is never split.
 */
export function foldICalendarLine(line: string): string {
  const encoder = new TextEncoder();
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

const basicDate = (isoDay: string) => isoDay.replace(/-/g, '');
/** 2026-11-23T21:45:00.000Z → 20261123T214500Z. */
const basicDateTime = (epochMs: number) =>
  new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace(/[-:]/g, '').replace('.000', '');

export interface ICalendarOptions {
  /** The stored plan's id: part of every UID. */
  planId: string;
  calendarName: string;
  units: UnitSystem;
  /** When the file is made (DTSTAMP). */
  generatedAtMs: number;
  /** The host part of UIDs; a constant so UIDs stay stable. */
  uidDomain?: string;
}

/** The whole calendar file, CRLF line endings included. */
export function planToICalendar(plan: TrainingPlanSchedule, options: ICalendarOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICALENDAR_PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeICalendarText(options.calendarName)}`,
  ];
  const stamp = basicDateTime(options.generatedAtMs);
  for (const day of planDays(plan)) {
    const tasks = day.tasks.filter((task) => task.kind !== 'rest');
    if (tasks.length === 0) {
      continue;
    }
    const summary = tasks.map((task) => taskTitle(task, options.units)).join(', ');
    // A session of several steps lists them too, as the watch will run them.
    const description = tasks.map((task) => {
      const steps = workoutSteps(task);
      const lines = steps && steps.length > 1 ? stepsText(steps, options.units) : [];
      return [`${taskTitle(task, options.units)}: ${taskDescription(task, options.units)}`, ...lines].join('\n');
    });
    lines.push(
      'BEGIN:VEVENT',
      `UID:${options.planId}-${day.date}@${options.uidDomain ?? 'stride.training-plan'}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${basicDate(day.date)}`,
      `DTEND;VALUE=DATE:${basicDate(addDays(day.date, 1))}`,
      `SUMMARY:${escapeICalendarText(summary)}`,
      `DESCRIPTION:${escapeICalendarText(description.join('\n'))}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldICalendarLine).join(CRLF) + CRLF;
}
