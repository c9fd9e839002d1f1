import { describe, expect, it } from 'vitest';
import { evaluateMedals } from '../medals/rules.ts';
import {
  breathingPhaseAt,
  BREATHING_PATTERNS,
  cycleSeconds,
  pauseTimer,
  resumeTimer,
  startTimer,
  timerElapsedMs,
} from './breathing.ts';
import { recordWellbeingActivity, type WellbeingEntry } from './exercises.ts';
import { routineSeconds, routineStepAt, STRETCHING_ROUTINE, stretchingCounts } from './stretching.ts';

const box = BREATHING_PATTERNS.find((pattern) => pattern.id === 'box')!;
const fourSevenEight = BREATHING_PATTERNS.find((pattern) => pattern.id === '4-7-8')!;

describe('breathing patterns', () => {
  it('are box 4-4-4-4 and 4-7-8', () => {
    expect(box.phases.map((phase) => [phase.kind, phase.seconds])).toEqual([
      ['inhale', 4],
      ['hold', 4],
      ['exhale', 4],
      ['rest', 4],
    ]);
    expect(fourSevenEight.phases.map((phase) => phase.seconds)).toEqual([4, 7, 8]);
    expect(cycleSeconds(fourSevenEight)).toBe(19);
  });

  it('give the phase, the seconds left and the progress at any time', () => {
    expect(breathingPhaseAt(box, 0)).toMatchObject({
      cycle: 0,
      phaseIndex: 0,
      secondsLeft: 4,
      progress: 0,
      finished: false,
    });
    expect(breathingPhaseAt(box, 5000)).toMatchObject({ cycle: 0, phaseIndex: 1, secondsLeft: 3, progress: 0.25 });
    expect(breathingPhaseAt(box, 16_000)).toMatchObject({ cycle: 1, phaseIndex: 0 });
    expect(breathingPhaseAt(fourSevenEight, 4000 + 7000 + 7999).phase.kind).toBe('exhale');
    expect(breathingPhaseAt(fourSevenEight, 19_000 * 4)).toMatchObject({ finished: true, cycle: 4, secondsLeft: 0 });
  });
});

describe('the exercise timer', () => {
  it('leaves paused time out, however often it is paused and resumed', () => {
    let timer = startTimer(1000);
    expect(timerElapsedMs(timer, 4000)).toBe(3000);
    timer = pauseTimer(timer, 4000);
    expect(timerElapsedMs(timer, 60_000)).toBe(3000);
    expect(pauseTimer(timer, 70_000)).toBe(timer);
    timer = resumeTimer(timer, 60_000);
    expect(resumeTimer(timer, 61_000)).toBe(timer);
    expect(timerElapsedMs(timer, 62_500)).toBe(5500);
    expect(breathingPhaseAt(box, timerElapsedMs(timer, 62_500)).phase.cue).toBe('Hold');
  });
});

describe('the stretching routine', () => {
  it('names every stretch with a description and a duration', () => {
    expect(STRETCHING_ROUTINE.length).toBeGreaterThanOrEqual(6);
    for (const stretch of STRETCHING_ROUTINE) {
      expect(stretch.name.length).toBeGreaterThan(3);
      expect(stretch.description.length).toBeGreaterThan(40);
      expect(stretch.seconds).toBeGreaterThanOrEqual(15);
    }
    expect(new Set(STRETCHING_ROUTINE.map((stretch) => stretch.id)).size).toBe(STRETCHING_ROUTINE.length);
  });

  it('steps through each side in turn', () => {
    expect(routineStepAt(0)).toMatchObject({ step: 0, side: 'left', secondsLeft: 30 });
    expect(routineStepAt(31_000)).toMatchObject({ step: 1, side: 'right', secondsLeft: 29 });
    expect(routineStepAt(60_000).stretch.id).toBe('hamstring');
    expect(routineStepAt(routineSeconds() * 1000)).toMatchObject({ finished: true });
    expect(routineSeconds()).toBe(2 * (30 * 5 + 20) + 45);
  });
});

describe('stretching done', () => {
  const ids = STRETCHING_ROUTINE.map((stretch) => stretch.id);
  it('counts a routine with at least one stretch held, not one whose every stretch was skipped', () => {
    expect(stretchingCounts([])).toBe(true);
    expect(stretchingCounts(ids.slice(1))).toBe(true);
    expect(stretchingCounts(ids)).toBe(false);
    expect(stretchingCounts([...ids, 'calf'])).toBe(false);
  });
});

describe('wellbeing entries', () => {
  it('add an exercise to the day once, in the shape the medal rules count', () => {
    let entries: WellbeingEntry[] = [];
    for (let day = 1; day <= 7; day += 1) {
      entries = recordWellbeingActivity(entries, `2027-03-0${day}`, 'breathing');
      entries = recordWellbeingActivity(entries, `2027-03-0${day}`, 'breathing');
    }
    entries = recordWellbeingActivity(entries, '2027-03-07', 'stretching');
    entries = recordWellbeingActivity(entries, '2027-02-28', null);
    expect(entries[0]).toEqual({ date: '2027-02-28', exercises: [] });
    expect(entries.at(-1)).toEqual({ date: '2027-03-07', exercises: ['breathing', 'stretching'] });
    const medals = evaluateMedals({ activities: [], wellbeing: entries, today: '2027-03-07', units: 'metric' });
    expect(medals.find((medal) => medal.medalId === 'breathing-buddha')?.earned).toBe(true);
    expect(medals.find((medal) => medal.medalId === 'limber-limbs')?.earned).toBe(false);
  });
});
