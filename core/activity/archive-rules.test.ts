import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_MAX_ENTRY_RATIO,
  ARCHIVE_MESSAGES,
  ARCHIVE_RATIO_GRACE_BYTES,
  archiveFileName,
  archiveRowNaming,
  classifyArchiveEntry,
  exceedsEntryRatio,
  isUnsafeEntryName,
  manualActivityFromRow,
  manualRowLabel,
  parseActivitiesCsv,
  parseArchiveGear,
  createCsvRecordReader,
  parseCsvRecords,
  parseStravaDate,
  rowsByFilename,
} from './archive-rules.ts';

describe('classifyArchiveEntry', () => {
  it('takes Strava activity files under activities/, plain or gzipped', () => {
    expect(classifyArchiveEntry('activities/123.gpx')).toEqual({ kind: 'activity', format: 'gpx', gzipped: false });
    expect(classifyArchiveEntry('activities/123.fit.gz')).toEqual({ kind: 'activity', format: 'fit', gzipped: true });
    expect(classifyArchiveEntry('activities/123.TCX.GZ')).toEqual({ kind: 'activity', format: 'tcx', gzipped: true });
  });

  it('reads activities.csv at the root only and ignores Stride JSON, other folders and directories', () => {
    expect(classifyArchiveEntry('activities.csv')).toEqual({ kind: 'csv' });
    expect(classifyArchiveEntry('media/activities.csv')).toEqual({ kind: 'ignored' });
    expect(classifyArchiveEntry('stride/profile.json')).toEqual({ kind: 'ignored' });
    // Of Stride's own JSON only the gear is read, at the root only.
    expect(classifyArchiveEntry('stride/gear.json')).toEqual({ kind: 'gear' });
    expect(classifyArchiveEntry('stride/gear.json', 1)).toEqual({ kind: 'ignored' });
    expect(classifyArchiveEntry('routes/route.gpx')).toEqual({ kind: 'ignored' });
    expect(classifyArchiveEntry('activities/')).toEqual({ kind: 'ignored' });
    expect(classifyArchiveEntry('activities/photo.jpg')).toEqual({ kind: 'ignored' });
  });

  it('opens Garmin UploadedFiles ZIPs once, and no ZIP inside them', () => {
    const garmin = 'DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip';
    expect(classifyArchiveEntry(garmin)).toEqual({ kind: 'nested-zip' });
    expect(classifyArchiveEntry('other/stuff.zip')).toEqual({ kind: 'ignored' });
    expect(classifyArchiveEntry(garmin, 1)).toEqual({ kind: 'refused', message: ARCHIVE_MESSAGES.nestedTooDeep });
    // Inside the Garmin ZIP every activity file counts, at any path.
    expect(classifyArchiveEntry('12345_ACTIVITY.fit', 1)).toEqual({ kind: 'activity', format: 'fit', gzipped: false });
    expect(classifyArchiveEntry('12345_ACTIVITY.fit', 0)).toEqual({ kind: 'ignored' });
  });

  it('refuses names that leave the archive with a sentence', () => {
    for (const name of ['../x.gpx', 'activities/../../x.gpx', '/etc/passwd.gpx', 'C:\\x.gpx', '..\\x.gpx']) {
      expect(isUnsafeEntryName(name), name).toBe(true);
      expect(classifyArchiveEntry(name)).toEqual({
        kind: 'refused',
        message: 'Not imported: its name points outside the archive.',
      });
    }
    expect(isUnsafeEntryName('activities/a..b.gpx')).toBe(false);
  });

  it('names the stored file without folder and .gz', () => {
    expect(archiveFileName('activities/12.fit.gz')).toBe('12.fit');
    expect(archiveFileName('activities/12.gpx')).toBe('12.gpx');
  });
});

describe('exceedsEntryRatio', () => {
  it('stops an entry once it unpacks to more than 100 times its packed size, past the first MB', () => {
    expect(ARCHIVE_MAX_ENTRY_RATIO).toBe(100);
    expect(exceedsEntryRatio(ARCHIVE_RATIO_GRACE_BYTES, 10)).toBe(false);
    expect(exceedsEntryRatio(ARCHIVE_RATIO_GRACE_BYTES + 1, 10)).toBe(true);
    expect(exceedsEntryRatio(2_000_000, 20_000)).toBe(false);
    expect(exceedsEntryRatio(2_000_001, 20_000)).toBe(true);
    expect(ARCHIVE_MESSAGES.entryRatio).toBe(
      'Not imported: it unpacks to more than 100 times its packed size (a zip bomb).',
    );
  });
});

describe('parseStravaDate', () => {
  it("reads Strava's UTC form, with and without the second comma, and ISO", () => {
    expect(parseStravaDate('Nov 26, 2026, 7:00:00 AM')).toBe(Date.UTC(2026, 10, 26, 7, 0, 0));
    expect(parseStravaDate('Nov 26, 2026 7:05:09 PM')).toBe(Date.UTC(2026, 10, 26, 19, 5, 9));
    expect(parseStravaDate('Jan 1, 2020, 12:30:00 AM')).toBe(Date.UTC(2020, 0, 1, 0, 30, 0));
    expect(parseStravaDate('Jan 1, 2020, 12:30:00 PM')).toBe(Date.UTC(2020, 0, 1, 12, 30, 0));
    expect(parseStravaDate('2026-11-26 07:00:00')).toBe(Date.UTC(2026, 10, 26, 7, 0, 0));
  });

  it('refuses what is not a date', () => {
    expect(parseStravaDate('')).toBeNull();
    expect(parseStravaDate('Feb 30, 2026, 7:00:00 AM')).toBeNull();
    expect(parseStravaDate('Foo 3, 2026, 7:00:00 AM')).toBeNull();
    expect(parseStravaDate('yesterday')).toBeNull();
  });
});

describe('parseCsvRecords', () => {
  it('reads the same records a character at a time (a stream cut anywhere: in a quote, between CR and LF)', () => {
    const text = '\ufeffa,b\r\n"x, y","say ""hi""\r\nthere"\r\nlast,"q"""';
    const reader = createCsvRecordReader();
    const records = [...[...text].flatMap((char) => reader.push(char)), ...reader.end()];
    expect(records).toEqual(parseCsvRecords(text));
    expect(records).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\r\nthere'],
      ['last', 'q"'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(parseCsvRecords('a,b\r\n"x, y","say ""hi""\nthere"\n\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
    ]);
  });
});

const HEADER =
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,Bike Weight,Elapsed Time,Moving Time,Distance';

describe('parseActivitiesCsv', () => {
  const csv = [
    HEADER,
    '101,"Nov 26, 2026, 7:00:00 AM","Morning, easy",Run,"two\nlines",1900,"5.01",,,false,,Pegasus 40,activities/101.gpx.gz,,,1900.0,1800.0,5010.3',
    '102,"Nov 25, 2026, 6:00:00 PM",Pool,Swim,,2400,1.5,,,false,,,,,,2400,2000,1500',
  ].join('\n');

  it('reads the columns Stride needs, the first of each repeated header, and ignores the others', () => {
    expect(parseActivitiesCsv(csv)).toEqual([
      {
        row: 1,
        activityId: '101',
        startMs: Date.UTC(2026, 10, 26, 7),
        name: 'Morning, easy',
        type: 'Run',
        elapsedTime: 1900,
        distance: 5010,
        movingTime: 1800,
        description: 'two\nlines',
        privateNotes: '',
        elevationGain: null,
        filename: 'activities/101.gpx.gz',
        gear: 'Pegasus 40',
      },
      {
        row: 2,
        activityId: '102',
        startMs: Date.UTC(2026, 10, 25, 18),
        name: 'Pool',
        type: 'Swim',
        elapsedTime: 2400,
        distance: 1500,
        movingTime: 2000,
        description: '',
        privateNotes: '',
        elevationGain: null,
        filename: '',
        gear: '',
      },
    ]);
  });

  it('finds rows by the entry they name', () => {
    const rows = parseActivitiesCsv(csv);
    expect(rowsByFilename(rows).get('activities/101.gpx.gz')?.name).toBe('Morning, easy');
    expect(rowsByFilename(rows).size).toBe(1);
  });

  it('holds no rows without an Activity ID header', () => {
    expect(parseActivitiesCsv('Name,Date\nx,y')).toEqual([]);
    expect(parseActivitiesCsv('')).toEqual([]);
  });
});

describe('manualActivityFromRow', () => {
  const [, swim] = parseActivitiesCsv(
    [
      HEADER,
      '1,"Nov 26, 2026, 7:00:00 AM",A,Run,,1,1,,,,,,x,,,1,1,1',
      '102,"Nov 25, 2026, 6:00:00 PM",Pool,Swim,,2400,1.5,,,false,,,,,,2400,2000,1500',
    ].join('\n'),
  );

  it('makes a row without a file a manual activity on the runner’s wall clock', () => {
    expect(swim && manualActivityFromRow(swim, 'Europe/Ljubljana')).toEqual({
      ok: true,
      input: {
        name: 'Pool',
        type: 'swim',
        distance: 1500,
        movingTime: 2000,
        elapsedTime: 2400,
        startDateLocal: '2026-11-25T19:00:00',
        timeZone: 'Europe/Ljubljana',
      },
    });
    expect(swim && manualRowLabel(swim)).toBe('activities.csv row 2 (Pool)');
  });

  it('refuses a row without a date or a distance with its sentence', () => {
    if (!swim) {
      throw new Error('no row');
    }
    expect(manualActivityFromRow({ ...swim, startMs: null }, 'UTC')).toEqual({
      ok: false,
      message: 'Not imported: its Activity Date is missing or not a date.',
    });
    expect(manualActivityFromRow({ ...swim, distance: 0 }, 'UTC')).toEqual({
      ok: false,
      message: 'Not imported: an activity without a file needs a distance and a moving time.',
    });
    expect(manualActivityFromRow({ ...swim, type: 'Yoga' }, 'UTC')).toMatchObject({
      ok: true,
      input: { type: 'other' },
    });
  });
});

describe('archiveRowNaming', () => {
  it('gives the file’s activity the row’s name and type, and leaves the file’s own for a blank cell', () => {
    expect(archiveRowNaming({ name: 'Lunch tempo', type: 'Run' })).toEqual({ name: 'Lunch tempo', type: 'run' });
    expect(archiveRowNaming({ name: '', type: 'TrailRun' })).toEqual({ type: 'run' });
    expect(archiveRowNaming({ name: 'Easy', type: '' })).toEqual({ name: 'Easy' });
    // Strava's types Stride has none for, and Stride's own "other" (written "Workout"), are other.
    expect(archiveRowNaming({ name: 'Core', type: 'Workout' })).toEqual({ name: 'Core', type: 'other' });
    expect(archiveRowNaming({ name: 'Flow', type: 'Yoga' })).toEqual({ name: 'Flow', type: 'other' });
  });
});

describe('parseArchiveGear', () => {
  it('takes each gear’s own fields from stride/gear.json and leaves out its id, figures and defaults', () => {
    const text = JSON.stringify([
      {
        id: 'g1',
        kind: 'shoe',
        name: ' Pegasus 40 ',
        brand: 'Nike',
        model: 'Pegasus',
        startDate: '2026-01-10',
        startingDistance: 12_000,
        retirementDistance: 800_000,
        retired: false,
        distance: 40_000,
        movingTime: 9000,
        activityCount: 3,
        defaultFor: ['run'],
        stravaGearId: 'g123',
      },
      { kind: 'bike', name: 'Canyon', retirementDistance: null, retired: true },
    ]);
    expect(parseArchiveGear(text)).toEqual([
      {
        kind: 'shoe',
        name: 'Pegasus 40',
        brand: 'Nike',
        model: 'Pegasus',
        startDate: '2026-01-10',
        startingDistance: 12_000,
        retirementDistance: 800_000,
        retired: false,
      },
      { kind: 'bike', name: 'Canyon', retirementDistance: null, retired: true },
    ]);
  });

  it('leaves out an item that is no valid gear, and all of a file that is no list', () => {
    const text = JSON.stringify([
      { kind: 'skis', name: 'Fischer' },
      { kind: 'shoe', name: '' },
      { kind: 'shoe', name: 'Old', startingDistance: -5 },
      'Pegasus',
      null,
      { kind: 'other', name: 'Goggles' },
    ]);
    expect(parseArchiveGear(text)).toEqual([{ kind: 'other', name: 'Goggles', retired: false }]);
    expect(parseArchiveGear('{"gear": []}')).toEqual([]);
    expect(parseArchiveGear('not json')).toEqual([]);
  });
});
