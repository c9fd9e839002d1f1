/**
 * The load bench's scenarios that run apart from its connection mix (load.bench.ts): cold caches
 * over a long history, uploads beside readers, and memory. Each returns its own table, targets and
 * notes; BENCH_LOAD_SCENARIO=cold|uploads|memory (any part of a name) runs the ones it names.
 */
import { formatTable, type BenchReport } from './bench.ts';
import { coldCachesScenario } from './load-cold.ts';
import { memoryScenario } from './load-memory.ts';
import { uploadsBesideReadersScenario } from './load-uploads.ts';

const SCENARIOS: { name: string; run(): Promise<BenchReport> }[] = [
  { name: 'cold caches, long history', run: coldCachesScenario },
  { name: 'uploads beside readers', run: uploadsBesideReadersScenario },
  { name: 'memory', run: memoryScenario },
];

/** The scenarios BENCH_LOAD_SCENARIO selects (all without it), run in turn. */
export async function moreLoadScenarios(): Promise<{ name: string; report: BenchReport }[]> {
  const only = process.env.BENCH_LOAD_SCENARIO?.toLowerCase();
  const done: { name: string; report: BenchReport }[] = [];
  for (const scenario of SCENARIOS.filter((candidate) => !only || candidate.name.includes(only))) {
    done.push({ name: scenario.name, report: await scenario.run() });
  }
  return done;
}

/** A scenario's table and notes as the lines the load bench's notes print. */
export function scenarioNotes({ name, report }: { name: string; report: BenchReport }): string[] {
  return [`${name}:\n${formatTable(report.headers, report.rows)}`, ...report.notes];
}
