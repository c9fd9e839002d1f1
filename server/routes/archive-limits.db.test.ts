/**
 * An archive cannot make the server read without end: a small ZIP whose activities.csv holds
 * 60,000 rows naming no file in it is read only up to the cap (twice its entries, at least 1,000,
 * at most 50,000 rows without a file), and the report says once where it stopped. Every entry is
 * in the report, a name that is not UTF-8 made printable. Gear a runner who keeps the most
 * allowed cannot add is named in the report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { straightRun, stravaExportGpx } from '../../core/activity/activity-file-builders.test-support.ts';
import { ARCHIVE_MESSAGES, archiveCsvRowCap } from '../../core/activity/archive-rules.ts';
import { GEAR_LIMITS, type GearList } from '../../core/gear.ts';
import { buildArchive, uploadArchive, waitForArchive } from '../test-support/archives.ts';
import { registerUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

const CSV_HEADER = 'Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Filename,Moving Time';
const run = (day: number) =>
  stravaExportGpx(straightRun({ points: 120, start: Date.UTC(2026, 9, day, 6, 0, 0) }), `Watch run ${day}`);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('activities.csv past the cap', () => {
  it('stops reading it at the cap of rows without a file and says so once', { timeout: 180_000 }, async () => {
    const user = await registerUser(server);
    const rows = 60_000;
    const lines = [CSV_HEADER, `1,"Oct 1, 2026, 6:00:00 AM",Kept,Run,600,1.8,activities/1.gpx,600`];
    for (let row = 2; row <= rows; row += 1) {
      lines.push(`${row},"Oct 2, 2026, 6:00:00 AM",Ghost ${row},Run,600,1.8,activities/ghost-${row}.gpx,600`);
    }
    const archive = await buildArchive([
      { name: 'activities.csv', content: lines.join('\n') },
      { name: 'activities/1.gpx', content: run(1) },
    ]);
    // Small packed, over a megabyte unpacked.
    expect(archive.length).toBeLessThan(1024 * 1024);
    expect((await uploadArchive(server, user.client, archive)).status).toBe(202);
    const report = await waitForArchive(user.client, 150_000);

    const cap = archiveCsvRowCap(2);
    expect(cap).toBe(1000);
    // The row naming a file in the archive, the cap's rows naming none, and one sentence for the rest.
    expect(report).toMatchObject({ status: 'done', imported: 1, refused: cap + 1 });
    const capped = report.entries.filter((entry) => entry.message !== ARCHIVE_MESSAGES.missingFile);
    expect(capped.filter((entry) => entry.outcome === 'refused')).toEqual([
      {
        name: 'activities.csv',
        outcome: 'refused',
        message:
          'Not imported from row 1,002 on: activities.csv holds more than 1,000 rows without a file in this archive, the most Stride reads from one archive.',
        activityId: null,
      },
    ]);
    expect(report.entries.filter((entry) => entry.message === ARCHIVE_MESSAGES.missingFile)).toHaveLength(cap);
  });
});

describe('entry names', () => {
  it('lists an entry whose name is not UTF-8, its name made printable', { timeout: 120_000 }, async () => {
    const user = await registerUser(server);
    // Bytes 0xE9, 0x01 and 0x00 under the ZIP's UTF-8 flag: no UTF-8, and control characters.
    const archive = await buildArchive(
      [
        { name: 'activities/caf#-run.gpx', content: run(3) },
        { name: 'activities/nul#.gpx', content: run(4) },
      ],
      { 'caf#-run': `caf\u00e9\u0001run`, 'nul#': 'nul\u0000' },
    );
    expect((await uploadArchive(server, user.client, archive)).status).toBe(202);
    const report = await waitForArchive(user.client);
    expect(report.entries.map((entry) => [entry.name, entry.outcome, entry.message])).toEqual([
      ['activities/caf\ufffd\ufffdrun.gpx', 'imported', null],
      // A NUL never names a file: refused, and listed all the same.
      ['activities/nul\ufffd.gpx', 'refused', ARCHIVE_MESSAGES.pathOutside],
    ]);
  });
});

describe('gear past the most a runner may keep', () => {
  it('imports the activity without the new gear and says so in the report', { timeout: 120_000 }, async () => {
    const user = await registerUser(server);
    for (let index = 0; index < GEAR_LIMITS.maxGear; index += 1) {
      expect((await user.client.post('/api/gear', { kind: 'shoe', name: `Shoe ${index}` })).status).toBe(201);
    }
    const archive = await buildArchive([
      {
        name: 'activities.csv',
        content: [
          'Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Activity Gear,Filename,Moving Time',
          '1,"Oct 5, 2026, 6:00:00 AM",Shoe 101 run,Run,600,1.8,Brand new shoe,activities/5.gpx,600',
        ].join('\n'),
      },
      { name: 'activities/5.gpx', content: run(5) },
    ]);
    expect((await uploadArchive(server, user.client, archive)).status).toBe(202);
    const report = await waitForArchive(user.client);
    expect(report.entries.map((entry) => [entry.name, entry.outcome, entry.message])).toEqual([
      [
        'activities/5.gpx',
        'imported',
        'Imported without the gear Brand new shoe: you already keep 100 pieces of gear, the most allowed.',
      ],
    ]);
    const gear = await user.client.get<GearList>('/api/gear');
    expect(gear.body.gear.map((item) => item.name)).not.toContain('Brand new shoe');
  });
});
