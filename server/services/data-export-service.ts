/**
 * "Download my data" (core/data-export.ts): a runner asks, a job on the general queue writes the
 * ZIP to DATA_DIR/exports/<runner>/<export>.zip, and the runner downloads it while signed in until
 * it expires 7 days later (then the file is deleted; an hourly sweep deletes the ones nobody asked
 * for again). One export builds at a time per runner: asking again while one builds answers with
 * that one. When the server sends mail, the runner gets a mail with the link once it is ready.
 *
 * Memory stays bounded however many activities there are: the ZIP is written as a stream (yazl),
 * one entry at a time, and the activities are read a page at a time, each file alone.
 *
 * Its length is one concern: the export's lifecycle (ask, build as a job, download, expire, sweep)
 * around one ZIP layout.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import yazl from 'yazl';
import { trackToGpx } from '../../core/activity/gpx-export.ts';
import { decodeTrack } from '../../core/activity/track-codec.ts';
import {
  ACTIVITIES_CSV_HEADER,
  activityCsvLine,
  DATA_EXPORT_CLEANUP_INTERVAL_MS,
  DATA_EXPORT_ENTRIES,
  DATA_EXPORT_LINK_LIFETIME_MS,
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_PAGE_SIZE,
  dataExportDownloadPath,
  dataExportFileName,
  dataExportReadyMail,
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_FORMAT_VERSION,
  trackEntry,
  type DataExportManifest,
  generatedGpxEntry,
  originalFileEntry,
  type DataExport,
  type DataExportStatus,
} from '../../core/data-export.ts';
import type { Db } from '../db/db.ts';
import { runInBackground } from '../db/query-priority.ts';
import { findOriginalFile, findTrackData } from '../db/activity-track-repository.ts';
import {
  exportActivityPage,
  expiredExports,
  findExport,
  findLatestExport,
  insertBuildingExport,
  markExportFailed,
  markExportFileDeleted,
  markExportReady,
  olderReadyExports,
  type ActivityCursor,
  type DataExportRow,
  type ExportActivityRow,
} from '../db/data-export-repository.ts';
import {
  claimMail,
  findMailRecipient,
  markMailSent,
  releaseMailClaim,
  type MailKey,
} from '../db/mailing-repository.ts';
import { listUserMedals } from '../db/medal-repository.ts';
import { bestEffortsOf, exportedActivityColumns } from '../db/exported-activity-repository.ts';
import { readProfilePhoto, readRunnerRecords } from '../db/runner-records-repository.ts';
import { listCheckIns, listWellbeingEntries } from '../db/wellbeing-repository.ts';
import { conflict, gone, notFound } from '../errors.ts';
import { listRunnerGear } from './gear-service.ts';
import { listGoals } from './goal-service.ts';
import { getProfile } from './profile-service.ts';
import { getRoute, listRoutes } from './saved-route-service.ts';
import type { ServiceContext, WiringContext } from './service-context.ts';
import { getPlan, listPlans } from './training-plan-service.ts';

export const DATA_EXPORT_QUEUE = 'data-export';
export const DATA_EXPORT_MAIL_QUEUE = 'mail-data-export';

/** A build whose server died is handed to another after this long (a large export takes a while). */
const BUILD_EXPIRE_SECONDS = 2 * 60 * 60;
/** How long a mail sender's claim holds (as long as the queue lets a send run). */
const MAIL_CLAIM_SECONDS = 5 * 60;

interface ExportJob {
  userId: string;
  exportId: string;
}

export type DataExportDeps = Pick<WiringContext, keyof ServiceContext | 'jobs' | 'mailer'> & {
  dataDir: string;
  /** The server's public address, for the link in the mail. */
  publicUrl: string;
};

/** The file to download: where it is on disk, its size, and the name the browser saves it as. */
export interface DataExportFile {
  path: string;
  sizeBytes: number;
  filename: string;
}

function isExpired(row: DataExportRow, now: number): boolean {
  return row.fileDeletedAt !== null || (row.expiresAt !== null && row.expiresAt.getTime() <= now);
}

function toDataExport(row: DataExportRow): DataExport {
  return {
    id: row.id,
    state: row.state,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    downloadPath: row.state === 'ready' ? dataExportDownloadPath(row.id) : null,
  };
}

/** The activity's file in the ZIP: its original, else a GPX of a track with positions, else none. */
function activityFileEntry(row: ExportActivityRow): string | null {
  if (row.fileActivityId !== null) {
    return originalFileEntry(row.fileActivityId, row.fileType ?? 'bin');
  }
  // A track without positions (a treadmill run) has nothing a GPX could hold: its figures are the row's.
  return row.trackPoints !== null && row.startLat !== null ? generatedGpxEntry(row.id) : null;
}

/** The runner's activities, a page at a time, in start order. */
async function* activityPages(db: Db, userId: string): AsyncGenerator<ExportActivityRow[]> {
  let after: ActivityCursor | null = null;
  for (;;) {
    const page = await exportActivityPage(db, userId, after, DATA_EXPORT_PAGE_SIZE);
    if (page.length === 0) {
      return;
    }
    yield page;
    const last = page.at(-1) as ExportActivityRow;
    after = { startDate: last.startDate, id: last.id };
  }
}

/**
 * The activity's line of stride/activities.json: its stored row as it is (the import puts it back
 * column by column), where its file and track are in the ZIP, its gear's name and its best efforts.
 */
function activityJson(row: ExportActivityRow, bestEfforts: readonly unknown[]) {
  const { fileActivityId: _file, trackPoints, gearName, ...stored } = row;
  return {
    ...exportedActivityColumns(stored),
    file: activityFileEntry(row),
    track: trackPoints === null ? null : trackEntry(row.id),
    trackPoints,
    gear: gearName,
    bestEfforts,
  };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function createDataExports(deps: DataExportDeps) {
  const { jobs, mailer, publicUrl } = deps;
  const context: ServiceContext = deps;
  const { db, clock } = context;
  const logger: Logger = context.logger.child({ module: 'data-export' });
  const exportsDir = path.join(deps.dataDir, 'exports');
  const runnerDir = (userId: string) => path.join(exportsDir, userId);
  const fileOf = (userId: string, id: string) => path.join(runnerDir(userId), `${id}.zip`);
  let stopTimer: (() => void) | undefined;

  async function deleteFile(userId: string, id: string): Promise<void> {
    await rm(fileOf(userId, id), { force: true });
    await markExportFileDeleted(db, id, new Date(clock.now()));
  }

  /** Writes the runner's ZIP to `target`; returns its size. */
  async function writeZip(userId: string, target: string, signal: AbortSignal): Promise<number> {
    const zip = new yazl.ZipFile();
    const mtime = new Date(clock.now());
    const written = pipeline(zip.outputStream, createWriteStream(target));
    // Ends the wait for an entry when the output fails (a full disk): the error is the output's.
    const outputFailed = written.then(
      () => Promise.reject(new Error('the ZIP ended before its entries were written')),
      (error: unknown) => Promise.reject(error instanceof Error ? error : new Error(String(error))),
    );
    outputFailed.catch(() => undefined);

    /** Adds one entry and waits until the ZIP took all of it: one entry in memory at a time. */
    async function add(
      name: string,
      source: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
      compress = true,
    ) {
      if (signal.aborted) {
        throw signal.reason instanceof Error ? signal.reason : new Error('Stride is stopping');
      }
      const stream = Readable.from(source, { objectMode: false });
      zip.addReadStream(stream, name, { compress, mtime });
      await Promise.race([finished(stream), outputFailed]);
    }

    async function* csvLines() {
      yield ACTIVITIES_CSV_HEADER;
      for await (const page of activityPages(db, userId)) {
        yield page
          .map((row) =>
            activityCsvLine({
              id: row.id,
              startDateMs: row.startDate.getTime(),
              name: row.name,
              type: row.type,
              description: row.description,
              privateNotes: row.privateNotes,
              elapsedTime: row.elapsedTime,
              movingTime: row.movingTime,
              distance: row.distance,
              elevationGain: row.elevationGain,
              maxHeartrate: row.maxHeartrate,
              averageHeartrate: row.averageHeartrate,
              gear: row.gearName ?? '',
              filename: activityFileEntry(row),
            }),
          )
          .join('');
      }
    }

    let activityCount = 0;
    async function* activitiesJson() {
      let first = true;
      yield '[';
      for await (const page of activityPages(db, userId)) {
        const efforts = await bestEffortsOf(
          db,
          page.map((row) => row.id),
        );
        for (const row of page) {
          yield `${first ? '\n' : ',\n'}${JSON.stringify(activityJson(row, efforts.get(row.id) ?? []))}`;
          first = false;
          activityCount += 1;
        }
      }
      yield '\n]\n';
    }

    try {
      await add(DATA_EXPORT_ENTRIES.activitiesCsv, csvLines());
      for await (const page of activityPages(db, userId)) {
        for (const row of page) {
          if (row.trackPoints !== null) {
            const data = await findTrackData(db, userId, row.id);
            if (data) {
              await add(trackEntry(row.id), [data]);
            }
          }
          const entry = activityFileEntry(row);
          if (entry === null) {
            continue;
          }
          if (row.fileActivityId === row.id) {
            // Stored gzip-compressed: written as it is, under Strava's `.gz` name.
            const data = await findOriginalFile(db, userId, row.id);
            if (data) {
              await add(entry, [data], false);
            }
          } else if (row.fileActivityId === null) {
            const data = await findTrackData(db, userId, row.id);
            if (data) {
              await add(entry, [trackToGpx({ name: row.name, type: row.type, track: decodeTrack(data) })]);
            }
          }
        }
      }
      await add(DATA_EXPORT_ENTRIES.activities, activitiesJson());
      await add(DATA_EXPORT_ENTRIES.profile, [json(await getProfile(db, userId))]);
      await add(DATA_EXPORT_ENTRIES.goals, [json(await listGoals(context, userId))]);
      const plans = [];
      for (const plan of await listPlans(context, userId, {})) {
        plans.push(await getPlan(context, userId, plan.id));
      }
      await add(DATA_EXPORT_ENTRIES.plans, [json(plans)]);
      await add(DATA_EXPORT_ENTRIES.checkIns, [json(await listCheckIns(db, userId))]);
      await add(DATA_EXPORT_ENTRIES.wellbeing, [json(await listWellbeingEntries(db, userId))]);
      const medals = (await listUserMedals(db, userId)).map(({ userId: _owner, ...medal }) => medal);
      await add(DATA_EXPORT_ENTRIES.medals, [json(medals)]);
      const routes = [];
      for (const route of await listRoutes(context, userId)) {
        routes.push(await getRoute(context, userId, route.id));
      }
      await add(DATA_EXPORT_ENTRIES.routes, [json(routes)]);
      // Each gear's fields (name, brand, model, kind, dates and distances, retired, Strava's id),
      // the sports it is the default of, and its figures as read now.
      await add(DATA_EXPORT_ENTRIES.gear, [json((await listRunnerGear(db, userId)).gear)]);
      // What the import puts back: the records as stored, the photo's bytes, and the layout's version.
      await add(DATA_EXPORT_ENTRIES.records, [json(await readRunnerRecords(db, userId))]);
      const photo = await readProfilePhoto(db, userId);
      if (photo) {
        await add(DATA_EXPORT_ENTRIES.photo, [photo.bytes], false);
      }
      const manifest: DataExportManifest = {
        format: DATA_EXPORT_FORMAT,
        version: DATA_EXPORT_FORMAT_VERSION,
        activities: activityCount,
      };
      await add(DATA_EXPORT_ENTRIES.manifest, [json(manifest)]);
      zip.end();
      await written;
    } catch (error) {
      (zip.outputStream as unknown as Readable).destroy();
      await written.catch(() => undefined);
      throw error;
    }
    return (await stat(target)).size;
  }

  async function build({ userId, exportId }: ExportJob, signal: AbortSignal): Promise<void> {
    const row = await findExport(db, userId, exportId);
    if (row?.state !== 'building') {
      return;
    }
    await mkdir(runnerDir(userId), { recursive: true });
    const target = fileOf(userId, exportId);
    const partial = `${target}.partial`;
    let sizeBytes: number;
    try {
      sizeBytes = await writeZip(userId, partial, signal);
    } catch (error) {
      await rm(partial, { force: true });
      if (signal.aborted) {
        // The server is stopping: the queue hands the job out again and it starts over.
        throw error;
      }
      logger.error({ err: error, userId, exportId }, 'data export failed');
      await markExportFailed(db, exportId);
      return;
    }
    await rename(partial, target);
    const readyAt = clock.now();
    const expiresAt = readyAt + DATA_EXPORT_LINK_LIFETIME_MS;
    const marked = await markExportReady(db, exportId, {
      readyAt: new Date(readyAt),
      expiresAt: new Date(expiresAt),
      sizeBytes,
    });
    if (!marked) {
      // The account was deleted meanwhile: nothing of it stays on disk.
      await rm(runnerDir(userId), { recursive: true, force: true });
      return;
    }
    // One ZIP per runner on disk: the newer one replaces any earlier one.
    for (const older of await olderReadyExports(db, userId, exportId)) {
      await deleteFile(userId, older.id);
    }
    logger.info({ userId, exportId, sizeBytes }, 'data export ready');
    if (mailer.sendsMail) {
      await jobs.send(DATA_EXPORT_MAIL_QUEUE, { userId, exportId }, { singletonKey: exportId });
    }
  }

  async function sendReadyMail({ userId, exportId }: ExportJob): Promise<void> {
    const row = await findExport(db, userId, exportId);
    const recipient = await findMailRecipient(db, userId);
    if (!mailer.sendsMail || !recipient || row?.state !== 'ready' || isExpired(row, clock.now())) {
      return;
    }
    const key: MailKey = { userId, kind: 'data-export', period: exportId };
    const now = clock.now();
    const claim = await claimMail(db, key, new Date(now), new Date(now + MAIL_CLAIM_SECONDS * 1000));
    if (claim === 'sent') {
      return;
    }
    if (claim === 'busy') {
      throw new Error(`another server is sending the data export mail of ${exportId}`);
    }
    try {
      const mail = dataExportReadyMail(
        `${publicUrl}${dataExportDownloadPath(exportId)}`,
        (row.expiresAt as Date).getTime(),
      );
      await mailer.send({ to: recipient.email, ...mail });
    } catch (error) {
      await releaseMailClaim(db, key, new Date(clock.now()));
      throw error;
    }
    await markMailSent(db, key, new Date(clock.now()));
  }

  jobs.define<ExportJob>({
    name: DATA_EXPORT_QUEUE,
    policy: 'short',
    // Only a build whose server died is tried again (a failure marks the export failed).
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: BUILD_EXPIRE_SECONDS,
    handler: async (job, { signal }) => {
      await build(job, signal);
      return undefined;
    },
  });
  jobs.define<ExportJob>({
    name: DATA_EXPORT_MAIL_QUEUE,
    policy: 'short',
    retryLimit: 11,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: MAIL_CLAIM_SECONDS,
    handler: async (job) => {
      await sendReadyMail(job);
      return undefined;
    },
  });

  async function status(userId: string): Promise<DataExportStatus> {
    const row = await findLatestExport(db, userId);
    // An expired download is no export any more: Account offers a new one.
    return { export: row && !isExpired(row, clock.now()) ? toDataExport(row) : null };
  }

  /** Removes every `.partial` ZIP in the export folder; returns how many. */
  async function removeStalePartials(): Promise<number> {
    let removed = 0;
    for (const runner of await readdir(exportsDir).catch(() => [] as string[])) {
      const names = await readdir(runnerDir(runner)).catch(() => [] as string[]);
      for (const name of names.filter((entry) => entry.endsWith('.zip.partial'))) {
        await rm(path.join(runnerDir(runner), name), { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Deletes every expired export's file; returns how many. */
  async function removeExpired(): Promise<number> {
    const expired = await expiredExports(db, new Date(clock.now()));
    for (const { id, userId } of expired) {
      await deleteFile(userId, id);
    }
    return expired.length;
  }

  return {
    status,
    /** Starts an export, or answers with the one building (one at a time per runner). */
    async request(userId: string): Promise<DataExportStatus> {
      const { row, created } = await insertBuildingExport(db, {
        id: randomUUID(),
        userId,
        requestedAt: new Date(clock.now()),
      });
      if (created) {
        await jobs.send(DATA_EXPORT_QUEUE, { userId, exportId: row.id }, { singletonKey: row.id });
      }
      return { export: toDataExport(row) };
    },
    /** The runner's own ready ZIP; an expired one is deleted and answered with a sentence. */
    async file(userId: string, id: string): Promise<DataExportFile> {
      const row = await findExport(db, userId, id);
      if (!row) {
        throw notFound(DATA_EXPORT_MESSAGES.notFound);
      }
      if (row.state === 'building') {
        throw conflict(DATA_EXPORT_MESSAGES.notReady);
      }
      if (row.state === 'failed') {
        throw conflict(DATA_EXPORT_MESSAGES.failed);
      }
      if (isExpired(row, clock.now())) {
        if (row.fileDeletedAt === null) {
          await deleteFile(userId, id);
        }
        throw gone(DATA_EXPORT_MESSAGES.expired);
      }
      return {
        path: fileOf(userId, id),
        sizeBytes: row.sizeBytes ?? (await stat(fileOf(userId, id))).size,
        filename: dataExportFileName((row.readyAt as Date).getTime()),
      };
    },
    /** Opens the file for the answer's body. */
    openFile: (file: DataExportFile) => Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>,
    removeExpired,
    /** The account is gone: so is every export file of it (the rows went with the account). */
    async removeRunnerFiles(userId: string): Promise<void> {
      await rm(runnerDir(userId), { recursive: true, force: true });
    },
    /**
     * At start-up, once the job queue is prepared: removes the half-written ZIPs an earlier process
     * left (a build killed mid-way; the export folder is this server's own, and its queue builds the
     * export anew), then deletes expired files now and every hour.
     */
    async start(): Promise<void> {
      if (stopTimer) {
        return;
      }
      const removed = await removeStalePartials();
      if (removed > 0) {
        logger.info({ files: removed }, 'removed half-written data exports left by an earlier run');
      }
      const sweep = () =>
        runInBackground(removeExpired).catch((error: unknown) =>
          logger.warn({ err: error }, 'expired data exports not deleted'),
        );
      void sweep();
      stopTimer = clock.every(DATA_EXPORT_CLEANUP_INTERVAL_MS, () => void sweep());
    },
    stop(): void {
      stopTimer?.();
      stopTimer = undefined;
    },
  };
}

export type DataExports = ReturnType<typeof createDataExports>;
