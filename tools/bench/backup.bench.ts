/**
 * Backup and restore of a runner's whole history on PGlite (docs/backups.md): BENCH_BACKUP_ACTIVITIES
 * activities (default 5,000), each with a track and its original GPX (1,000 to 2,200 points, as the
 * archive bench's files), on a server with its data folder on disk as `npm start` runs it. Four
 * GPX files are uploaded over HTTP; the other activities are synthetic rows (activity-list.bench.ts)
 * given copies of those four uploads' tracks and original files, so the database holds what 5,000
 * uploads would. Then a backup is written by the running server (what `npm run backup` asks of it)
 * and, with the server stopped, restored into an empty folder.
 *
 * Reported, not targeted: the backup's size, its time, the restore's time, the data folder's size
 * and the process's peak RSS (getrusage's maximum, which also sees the moment PGlite's dump blocks
 * the event loop). The check is that the restore holds every row the manifest counts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { restoreBackup } from '../../server/services/backup-restore.ts';
import type { Bench } from './bench.ts';
import { syntheticActivity } from './activity-list.bench.ts';
import { benchGpxChunks } from './generate-gpx.ts';
import { startBenchServer } from './server-fixture.ts';

const TEMPLATE_POINTS = [1000, 1400, 1800, 2200];

function activities(): number {
  const count = Number(process.env.BENCH_BACKUP_ACTIVITIES ?? '5000');
  if (!Number.isInteger(count) || count < TEMPLATE_POINTS.length || count > 50_000) {
    throw new Error('BENCH_BACKUP_ACTIVITIES must be a whole number of activities between 4 and 50,000');
  }
  return count;
}

const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function folderBytes(folder: string): number {
  const du = spawnSync('du', ['-sb', folder], { encoding: 'utf8' });
  return Number(du.stdout.split('\t')[0] ?? 0);
}

export const backupBench: Bench = {
  name: `Backup and restore, a runner with ${activities().toLocaleString('en')} activities (PGlite)`,
  id: 'backup',
  async run() {
    const count = activities();
    const folder = await mkdtemp(path.join(tmpdir(), 'stride-backup-bench-'));
    const bench = await startBenchServer();
    try {
      const { url } = bench.server;
      const templates: string[] = [];
      for (const [index, points] of TEMPLATE_POINTS.entries()) {
        const form = new FormData();
        form.append('timeZone', 'UTC');
        form.append('files', new Blob([...benchGpxChunks(points, { name: `Template ${index}` })]), `t${index}.gpx`);
        const response = await fetch(`${url}/api/activities/uploads`, {
          method: 'POST',
          headers: { cookie: bench.cookie, origin: url },
          body: form,
        });
        const text = await response.text();
        const id = /"activityId":"([^"]+)"/.exec(text)?.[1];
        if (!id) {
          throw new Error(`Uploading template ${index} answered ${response.status}: ${text.slice(0, 300)}`);
        }
        templates.push(id);
      }
      const { db } = bench.server.database;
      const synthetic = count - templates.length;
      for (let offset = 0; offset < synthetic; offset += 500) {
        const rows = Array.from({ length: Math.min(500, synthetic - offset) }, (_, k) =>
          syntheticActivity(bench.userId, offset + k),
        );
        await db.insertInto('activities').values(rows).execute();
      }
      // Each synthetic run ("Run N") gets template N mod 4's track and original file.
      const template = sql`(${sql.val(templates)}::text[])[1 + (substring(a.name from 5)::int % ${templates.length})]`;
      const synthetics = sql`a.user_id = ${bench.userId} and a.name like 'Run %'`;
      await sql`insert into activity_tracks (activity_id, point_count, data)
        select a.id, t.point_count, t.data from activities a join activity_tracks t on t.activity_id = ${template}
        where ${synthetics}`.execute(db);
      await sql`insert into activity_files (activity_id, content_encoding, data)
        select a.id, f.content_encoding, f.data from activities a join activity_files f on f.activity_id = ${template}
        where ${synthetics}`.execute(db);
      await bench.server.database.maintain();
      const dataBytes = folderBytes(bench.dataDir);

      const rssBefore = peakRssMb();
      const backupStart = performance.now();
      const backup = await bench.server.backups.backupNow(path.join(folder, 'backups'));
      const backupMs = performance.now() - backupStart;
      const rssAfterBackup = peakRssMb();
      const databaseBytes = backup.manifest.files['database/pglite.tar']?.bytes ?? 0;
      await bench.close();

      const restoreStart = performance.now();
      const restored = await restoreBackup({
        file: backup.file,
        dataDir: path.join(folder, 'restored'),
        pgliteFolder: 'pglite',
        ignorable: [],
      });
      const restoreMs = performance.now() - restoreStart;
      const rssAfterRestore = peakRssMb();
      const whole = JSON.stringify(restored.tables) === JSON.stringify(backup.manifest.tables);
      return {
        headers: ['Step', 'Time', 'Size', 'Peak RSS of the process'],
        rows: [
          ['Data folder (PGlite, on disk)', '', mb(dataBytes), `${rssBefore} MB before the backup`],
          [
            'Backup (the running server writes it)',
            seconds(backupMs),
            `${mb(backup.bytes)} file (${mb(databaseBytes)} tar)`,
            `${rssAfterBackup} MB`,
          ],
          [
            'Restore into an empty folder',
            seconds(restoreMs),
            mb(folderBytes(path.join(folder, 'restored'))),
            `${rssAfterRestore} MB`,
          ],
        ],
        checks: [
          {
            label: 'The restore holds every row the manifest counts',
            measured: `${restored.tables.activities ?? 0} activities, ${restored.tables.activity_files ?? 0} original files`,
            passed: whole && restored.tables.activities === count,
          },
        ],
        notes: [
          `${count.toLocaleString('en')} activities: ${TEMPLATE_POINTS.length} uploaded GPX files, the rest synthetic rows with copies of their tracks and originals.`,
          'Peak RSS is the process maximum so far (getrusage): PGlite holds the data folder and its tar in memory while dumping and loading.',
        ],
      };
    } finally {
      await bench.close().catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    }
  },
};
