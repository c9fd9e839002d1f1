/**
 * The shape every benchmark in `npm run bench` has: a name and a run that measures, then reports a
 * table and the targets it checked. run.ts runs them in turn and fails when any target is missed.
 */

export interface BenchCheck {
  /** The target as a sentence, e.g. "Stride parse ≤ 1.2 s". */
  label: string;
  /** What was measured against it, e.g. "0.94 s". */
  measured: string;
  passed: boolean;
}

export interface BenchReport {
  headers: string[];
  rows: string[][];
  checks: BenchCheck[];
  /** Anything a reader needs to interpret the figures (file size, runs, machine load). */
  notes: string[];
  /** Further tables, printed after the first under their titles (a benchmark of several scenarios). */
  sections?: { title: string; headers: string[]; rows: string[][] }[];
}

export interface Bench {
  name: string;
  /** A short name that selects this benchmark alone (`npm run bench -- load`). */
  id?: string;
  run(): Promise<BenchReport>;
}
