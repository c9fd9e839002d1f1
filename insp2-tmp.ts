import { readFileSync } from 'node:fs';
import { parseActivityFile } from './core/activity/parse-activity-file.ts';
const p = parseActivityFile('fit', new Uint8Array(readFileSync('test/fixtures/real/triathlon_summary_first.fit')));
const t = p.track;
const bounds = ['2023-09-02T13:15:24Z','2023-09-02T13:26:40Z','2023-09-02T13:29:18Z','2023-09-02T13:55:24Z','2023-09-02T13:56:34Z'].map(Date.parse);
for (const b of bounds) {
  let i = t.time.findIndex((x) => x >= b);
  for (const k of [i-2,i-1,i,i+1]) if (k>=0) console.log(k, new Date(t.time[k]).toISOString(), t.distance[k], t.lat[k]);
  console.log('--');
}
console.log(t.time.length, new Date(t.time[t.time.length-1]).toISOString(), t.distance[t.time.length-1], p.deviceDistance);
