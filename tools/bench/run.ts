/**
 * `npm run bench`: runs every benchmark in BENCHES (or those whose name contains an argument),
 * prints each one's table and targets, and exits non-zero when any target is missed.
 * To add a benchmark, write a module exporting a `Bench` (bench.ts) and list it here.
 */
import { formatTable, type Bench, type BenchReport } from './bench.ts';
import { activityListBench } from './activity-list.bench.ts';
import { archiveHugeCsvBench, archiveImportBench, dataExportBench } from './archive.bench.ts';
import { backupBench } from './backup.bench.ts';
import { calculatorsBench } from './calculators.bench.ts';
import { chartsBench } from './charts.bench.ts';
import { emailLinkTimingBench } from './email-link-timing.bench.ts';
import { errorBurstBench } from './error-burst.bench.ts';
import { gpxParseBench } from './gpx-parse.bench.ts';
import { loadBench } from './load.bench.ts';
import { loginBytesBench } from './login-bytes.bench.ts';
import { medalRulesBench } from './medal-rules.bench.ts';
import { plannerBench } from './planner.bench.ts';
import { startupBench } from './startup.bench.ts';
import { stravaSyncBench } from './strava-sync.bench.ts';
import { trainingBench } from './training.bench.ts';
import { uploadHttpBench } from './upload-http.bench.ts';
import { wellbeingBench } from './wellbeing.bench.ts';

export const BENCHES: Bench[] = [
  gpxParseBench,
  uploadHttpBench,
  activityListBench,
  medalRulesBench,
  stravaSyncBench,
  loadBench,
  startupBench,
  errorBurstBench,
  emailLinkTimingBench,
  loginBytesBench,
  calculatorsBench,
  chartsBench,
  plannerBench,
  trainingBench,
  wellbeingBench,
  archiveImportBench,
  dataExportBench,
  archiveHugeCsvBench,
  backupBench,
];

function printReport(bench: Bench, report: BenchReport): boolean {
  console.log(`\n== ${bench.name}\n`);
  console.log(formatTable(report.headers, report.rows));
  console.log('');
  for (const section of report.sections ?? []) {
    console.log(`-- ${section.title}\n`);
    console.log(formatTable(section.headers, section.rows));
    console.log('');
  }
  for (const check of report.checks) {
    console.log(`${check.passed ? 'PASS' : 'FAIL'}  ${check.label}: ${check.measured}`);
  }
  for (const note of report.notes) {
    console.log(`      ${note}`);
  }
  return report.checks.every((check) => check.passed);
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  // A filter that is a benchmark's id selects that one alone ("load" is not also "upload").
  const matches = (bench: Bench, filter: string) =>
    BENCHES.some((other) => other.id === filter)
      ? bench.id === filter
      : bench.name.toLowerCase().includes(filter.toLowerCase());
  const selected = BENCHES.filter((bench) => filters.length === 0 || filters.some((filter) => matches(bench, filter)));
  let allPassed = true;
  for (const bench of selected) {
    allPassed = printReport(bench, await bench.run()) && allPassed;
  }
  if (!allPassed) {
    console.log('\nSome benchmark targets were missed.');
    process.exitCode = 1;
  }
}

await main();
