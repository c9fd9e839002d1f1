/**
 * Activities added without an upload: a manual entry the runner types in, and the sample runs
 * (spec §4). Each counts, charts and earns medals as an upload does, through the "activities
 * changed" seam.
 */
import { randomUUID } from 'node:crypto';
import { describeManualActivity, type ManualActivityInput } from '../../core/activity/activity-edit.ts';
import { describeActivity } from '../../core/activity/activity-record.ts';
import { sampleRuns, SAMPLE_SOURCE } from '../../core/activity/samples.ts';
import type { ActivityDetail } from '../../core/activity/schemas.ts';
import { FALLBACK_TIME_ZONE } from '../../core/activity/time-zone.ts';
import { encodeTrack } from '../../core/activity/track-codec.ts';
import { deleteActivitiesBySource, insertActivity, insertActivityRows } from '../db/activity-repository.ts';
import { invalid } from '../errors.ts';
import { activityRow, manualActivityRow } from './activity-import.ts';
import { getActivity } from './activity-reads.ts';
import { requireOwnGear } from './gear-service.ts';
import type { ServiceContext } from './service-context.ts';

/**
 * A manual activity (core/activity/activity-edit.ts): figures the runner typed in, no track. It is
 * judged for plausibility as a file is, and counts, charts and earns medals as an upload does.
 */
export async function addManualActivity(
  context: ServiceContext,
  userId: string,
  input: ManualActivityInput,
): Promise<ActivityDetail> {
  const described = describeManualActivity(input, context.clock.now());
  if (!described.ok) {
    throw invalid(described.message);
  }
  const { record } = described;
  const id = randomUUID();
  const gear = input.gearId === undefined ? {} : { gearId: input.gearId, gearChosen: true, gearPending: false };
  await context.db.transaction().execute(async (trx) => {
    if (typeof input.gearId === 'string') {
      await requireOwnGear(trx, userId, input.gearId);
    }
    await insertActivityRows(
      trx,
      [{ row: { ...manualActivityRow(id, userId, record), ...gear }, track: undefined }],
      undefined,
    );
  });
  await context.changes.changed({ userId, source: 'manual', added: [id], timeZone: input.timeZone });
  return getActivity(context.db, userId, id);
}

/** Spec §4: the three placeholder demo runs; adding them twice keeps three. */
export async function addSampleActivities(context: ServiceContext, userId: string): Promise<number> {
  const { db } = context;
  await deleteActivitiesBySource(db, userId, SAMPLE_SOURCE);
  const now = new Date(context.clock.now());
  const runs = sampleRuns(now);
  const added: string[] = [];
  for (const run of runs) {
    const id = randomUUID();
    added.push(id);
    const record = describeActivity(
      {
        format: 'gpx',
        name: run.name,
        declaredType: 'run',
        sportLabel: null,
        deviceName: null,
        track: run.track,
        deviceDistance: true,
        laps: [],
        deviceTotals: null,
      },
      { fallbackTimeZone: FALLBACK_TIME_ZONE, now },
    );
    await insertActivity(
      db,
      activityRow(id, userId, record, { source: SAMPLE_SOURCE }),
      {
        pointCount: run.track.lat.length,
        data: encodeTrack(run.track),
      },
      undefined,
    );
  }
  await context.changes.changed({ userId, source: 'samples', added });
  return runs.length;
}

export async function removeSampleActivities(context: ServiceContext, userId: string): Promise<number> {
  const removed = await deleteActivitiesBySource(context.db, userId, SAMPLE_SOURCE);
  await context.changes.changed({ userId, source: 'samples' });
  return removed;
}
