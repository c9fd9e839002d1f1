import { describe, expect, it } from 'vitest';
import {
  DATA_EXPORT_ENTRIES,
  ACTIVITIES_CSV_HEADER,
  activityCsvLine,
  csvLine,
  dataExportDownloadLabel,
  dataExportSizeMb,
  DATA_EXPORT_POLICY_TEXT,
  DATA_EXPORT_LINK_LIFETIME_MS,
  dataExportReadyMail,
  generatedGpxEntry,
  originalFileEntry,
  stravaActivityDate,
  stravaActivityTypeName,
  type CsvActivity,
} from './data-export.ts';

describe('stravaActivityDate', () => {
  it.each([
    [Date.UTC(2026, 10, 26, 7, 0, 0), 'Nov 26, 2026, 7:00:00 AM'],
    [Date.UTC(2026, 0, 1, 0, 5, 9), 'Jan 1, 2026, 12:05:09 AM'],
    [Date.UTC(2026, 5, 30, 12, 0, 0), 'Jun 30, 2026, 12:00:00 PM'],
    [Date.UTC(2026, 11, 31, 23, 59, 59), 'Dec 31, 2026, 11:59:59 PM'],
  ])('writes %d as Strava does, in UTC', (ms, text) => {
    expect(stravaActivityDate(ms)).toBe(text);
  });
});

describe('activities.csv', () => {
  const activity: CsvActivity = {
    id: 'a1',
    startDateMs: Date.UTC(2026, 10, 26, 7, 0, 0),
    name: 'Tempo, with "strides"',
    type: 'run',
    description: 'line one\nline two',
    privateNotes: '',
    elapsedTime: 1830.4,
    movingTime: 1800,
    distance: 5012.6,
    elevationGain: 42.25,
    maxHeartrate: 171,
    averageHeartrate: 152.44,
    gear: '',
    filename: 'activities/a1.fit.gz',
  };

  it('has Strava column headers', () => {
    expect(ACTIVITIES_CSV_HEADER).toBe(
      'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Activity Private Note,Activity Gear,Filename,Moving Time,Elevation Gain,Average Heart Rate\r\n',
    );
  });

  it('writes a row with the distance in km, times in whole seconds and quoted text', () => {
    expect(activityCsvLine(activity)).toBe(
      'a1,"Nov 26, 2026, 7:00:00 AM","Tempo, with ""strides""",Run,"line one\nline two",1830,5.013,171,,,activities/a1.fit.gz,1800,42.3,152.4\r\n',
    );
  });

  it('leaves Filename and missing heart rates empty for a manual activity', () => {
    const manual = { ...activity, filename: null, maxHeartrate: null, averageHeartrate: null, type: 'other' as const };
    expect(activityCsvLine(manual)).toBe(
      'a1,"Nov 26, 2026, 7:00:00 AM","Tempo, with ""strides""",Workout,"line one\nline two",1830,5.013,,,,,1800,42.3,\r\n',
    );
  });

  it('names the gear in Strava’s "Activity Gear" column', () => {
    expect(activityCsvLine({ ...activity, gear: 'Pegasus 40, "old"' })).toBe(
      'a1,"Nov 26, 2026, 7:00:00 AM","Tempo, with ""strides""",Run,"line one\nline two",1830,5.013,171,,"Pegasus 40, ""old""",activities/a1.fit.gz,1800,42.3,152.4\r\n',
    );
  });

  it('names the types as Strava does', () => {
    expect(
      ['run', 'ride', 'walk', 'hike', 'swim', 'other'].map((type) => stravaActivityTypeName(type as 'run')),
    ).toEqual(['Run', 'Ride', 'Walk', 'Hike', 'Swim', 'Workout']);
  });

  it('quotes only fields that need it', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', ''])).toBe('plain,"a,b","say ""hi""",\r\n');
  });
});

describe('entries and the mail', () => {
  it('names the files as Strava does', () => {
    expect(originalFileEntry('x', 'fit')).toBe('activities/x.fit.gz');
    expect(generatedGpxEntry('x')).toBe('activities/x.gpx');
    expect(DATA_EXPORT_ENTRIES.gear).toBe('stride/gear.json');
  });

  it('keeps a download 7 days', () => {
    expect(DATA_EXPORT_LINK_LIFETIME_MS).toBe(604_800_000);
  });

  it('mails the link and its expiry', () => {
    const mail = dataExportReadyMail('https://stride.example/dl', Date.UTC(2026, 11, 4, 9, 30), 'en-GB');
    expect(mail.subject).toBe('Your Stride data is ready');
    expect(mail.text).toContain('https://stride.example/dl');
    expect(mail.text).toContain('works until 4 Dec 2026, 09:30 UTC, 7 days after it was made');
    expect(dataExportReadyMail('', Date.UTC(2026, 11, 4, 21, 30), 'en-US').text).toContain(
      'works until Dec 4, 2026, 9:30 PM UTC',
    );
  });
});

describe('the card', () => {
  it('shows the size in MB to one decimal, never 0', () => {
    expect([0, 1_000, 149_999, 2_449_999, 12_345_678].map(dataExportSizeMb)).toEqual([0.1, 0.1, 0.1, 2.4, 12.3]);
  });

  it('labels the download with its size and last day', () => {
    expect(dataExportDownloadLabel('2.4', '4 Dec 2026')).toBe('Download (2.4 MB) — available until 4 Dec 2026');
  });
});

describe('the Data Deletion Policy', () => {
  it('says what the export holds, how long it lives and that account deletion removes it', () => {
    expect(DATA_EXPORT_POLICY_TEXT).toContain('Account → "Download my data" prepares one ZIP with every activity file');
    expect(DATA_EXPORT_POLICY_TEXT).toContain('The download works for 7 days after it was prepared');
    expect(DATA_EXPORT_POLICY_TEXT).toContain('Deleting your account deletes any such file at once.');
  });
});
