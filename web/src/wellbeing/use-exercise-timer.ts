/**
 * A pausable exercise timer on core's timer value (core/wellbeing/breathing.ts): it re-renders a few
 * times a second while running and reports the unpaused milliseconds. `jumpTo` moves it (next, skip).
 */
import { useEffect, useState } from 'react';
import {
  pauseTimer,
  resumeTimer,
  startTimer,
  timerElapsedMs,
  type ExerciseTimer,
} from '../../../core/wellbeing/breathing.ts';

const TICK_MS = 100;

export interface ExerciseTimerControls {
  started: boolean;
  running: boolean;
  elapsedMs: number;
  start: () => void;
  pause: () => void;
  resume: () => void;
  jumpTo: (elapsedMs: number) => void;
  reset: () => void;
}

export function useExerciseTimer(): ExerciseTimerControls {
  const [timer, setTimer] = useState<ExerciseTimer | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const running = timer !== null && timer.runningSince !== null;
  useEffect(() => {
    if (!running) {
      return undefined;
    }
    const interval = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(interval);
  }, [running]);
  return {
    started: timer !== null,
    running,
    elapsedMs: timer === null ? 0 : timerElapsedMs(timer, Math.max(now, timer.runningSince ?? now)),
    start: () => {
      const at = Date.now();
      setNow(at);
      setTimer(startTimer(at));
    },
    pause: () => setTimer((current) => current && pauseTimer(current, Date.now())),
    resume: () => {
      const at = Date.now();
      setNow(at);
      setTimer((current) => current && resumeTimer(current, at));
    },
    jumpTo: (elapsedMs) => {
      const at = Date.now();
      setNow(at);
      setTimer((current) => ({ bankedMs: elapsedMs, runningSince: current?.runningSince === null ? null : at }));
    },
    reset: () => setTimer(null),
  };
}
