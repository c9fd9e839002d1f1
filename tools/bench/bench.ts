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

/** A table as aligned text: the headers, a rule, and the rows. */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}
