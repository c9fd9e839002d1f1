import { readFileSync } from 'node:fs';
import { describeActivities } from './core/activity/activity-record.ts';
import { parseActivityFile } from './core/activity/parse-activity-file.ts';
const context = { fallbackTimeZone: 'UTC', now: new Date(Date.UTC(2026, 0, 1)) };
for (const f of process.argv.slice(2)) {
  try {
    const parsed = parseActivityFile('fit', new Uint8Array(readFileSync(f)));
    const d = describeActivities(parsed, context);
    console.log('==', f, 'warnings', parsed.warnings, 'legs', parsed.legs?.map(l => [l.sportLabel, l.startIndex, l.endIndex]));
    for (const { record: r, track } of d) {
      console.log(' ', r.type, r.sportLabel, r.startDate.toISOString(), 'dist', r.distance.toFixed(1), 'moving', r.movingTime, 'elapsed', r.elapsedTime, 'pts', track.time.length, 'days', (r.elapsedTime/86400).toFixed(0), 'flag', r.flag);
      for (const l of r.laps) console.log('   lap', l.distance.toFixed(1), 'el', l.elapsedTime, 'mv', l.movingTime.toFixed(1), 'pace s/km', (1000/l.averageSpeed).toFixed(0));
    }
  } catch (e) { console.log('==', f, 'ERR', (e as Error).message); }
}
