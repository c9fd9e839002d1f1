import { describe, expect, it } from 'vitest';
import { escapeICalendarText, foldICalendarLine, planToICalendar } from './icalendar.ts';
import { generatePlan, planDays, type PlanTask } from './plan-generation.ts';
import { taskDescription, taskTitle } from './task-text.ts';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('escapeICalendarText', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeICalendarText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});

describe('foldICalendarLine', () => {
  it('leaves a 75-octet line alone and folds the 76th octet onto a line starting with a space', () => {
    expect(foldICalendarLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldICalendarLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    expect(foldICalendarLine('x'.repeat(75 + 74 + 1))).toBe(`${'x'.repeat(75)}\r\n ${'x'.repeat(74)}\r\n x`);
  });

  it('never splits a multi-octet character and keeps every line within 75 octets', () => {
    const line = `SUMMARY:${'é×🏃'.repeat(30)}`;
    const folded = foldICalendarLine(line);
    const lines = folded.split('\r\n');
    for (const part of lines) {
      expect(octets(part)).toBeLessThanOrEqual(75);
    }
    expect(lines.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });
});

describe('planToICalendar', () => {
  const result = generatePlan({
    race: '5k',
    level: 'intermediate',
    runsPerWeek: 4,
    longRunDay: 6,
    raceDate: '2027-05-01',
    today: '2027-01-01',
    targetTimeS: 1500,
  });
  if (!result.ok) {
    throw new Error(result.message);
  }
  const plan = result.plan;
  const text = planToICalendar(plan, {
    planId: 'plan-1',
    calendarName: 'Stride: 5K, spring',
    units: 'metric',
    generatedAtMs: Date.parse('2027-01-01T09:30:15.500Z'),
  });
  const lines = text.split('\r\n');

  it('is a VCALENDAR with CRLF line endings and lines of at most 75 octets', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('X-WR-CALNAME:Stride: 5K\\, spring');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of lines) {
      expect(octets(line)).toBeLessThanOrEqual(75);
    }
  });

  it('has one all-day event per day with something to do, with stable UIDs', () => {
    const active = planDays(plan).filter((day) => day.tasks.some((task) => task.kind !== 'rest'));
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(active.length);
    expect(lines).toContain('UID:plan-1-2027-05-01@stride.training-plan');
    expect(lines).toContain('DTSTART;VALUE=DATE:20270501');
    expect(lines).toContain('DTEND;VALUE=DATE:20270502');
    expect(lines).toContain('DTSTAMP:20270101T093015Z');
    const uids = lines.filter((line) => line.startsWith('UID:'));
    expect(new Set(uids).size).toBe(uids.length);
  });

  it('joins a day’s titles as an escaped summary', () => {
    const unfolded = text.replace(/\r\n /g, '');
    const longDay = planDays(plan).find((day) => day.tasks[0]!.kind === 'long')!;
    const summary = longDay.tasks.map((task) => taskTitle(task, 'metric')).join('\\, ');
    expect(unfolded).toContain(`SUMMARY:${summary}`);
    expect(summary).toMatch(/^Long run [\d.]+ km\\, Stretching 10 min$/);
  });

  it('lists an interval session’s steps, as the watch runs them, in its description', () => {
    const unfolded = text.replace(/\r\n /g, '');
    const day = planDays(plan).find((each) => each.tasks.some((task) => task.kind === 'intervals'))!;
    const task = day.tasks.find((each) => each.kind === 'intervals')!;
    const description = unfolded.split('\r\n').find((line) => line.startsWith(`UID:plan-1-${day.date}@`))!;
    const event = unfolded.slice(unfolded.indexOf(description));
    const own = event.slice(0, event.indexOf('END:VEVENT'));
    expect(own).toContain(`\\n${task.reps} ×\\n  Run ${task.repDistanceM} m at `);
    expect(own).toContain('\\nWarm up 1.5 km easy\\n');
    expect(own).toMatch(/\\nCool down 1\.5 km easy/);
  });
});

describe('task texts', () => {
  const base: PlanTask = {
    id: 'x',
    kind: 'easy',
    distanceM: 6000,
    reps: null,
    repDistanceM: null,
    effortM: null,
    pace: 'easy',
    paceSPerM: 0.36,
    minutes: null,
  };

  it('reads like the plan screen', () => {
    expect(taskTitle(base, 'metric')).toBe('Easy 6 km');
    expect(taskTitle({ ...base, kind: 'long', distanceM: 18_000 }, 'metric')).toBe('Long run 18 km');
    expect(taskTitle({ ...base, kind: 'intervals', reps: 6, repDistanceM: 800, pace: 'interval' }, 'imperial')).toBe(
      '6×800 m at interval pace',
    );
    expect(taskTitle({ ...base, kind: 'tempo', effortM: 5000, pace: 'threshold' }, 'metric')).toBe(
      'Tempo 5 km at threshold pace',
    );
    expect(taskTitle({ ...base, kind: 'rest', distanceM: null }, 'metric')).toBe('Rest');
    expect(taskTitle({ ...base, kind: 'strength', distanceM: null, minutes: 20 }, 'metric')).toBe('Strength 20 min');
    expect(taskDescription(base, 'metric')).toBe('Run 6 km conversationally at 6:00/km.');
    expect(taskDescription(base, 'imperial')).toBe('Run 3.7 mi conversationally at 9:39/mi.');
  });
});
