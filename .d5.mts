import { readFileSync } from 'node:fs';
import { parseActivityFile } from './core/activity/parse-activity-file.ts';
const parsed = parseActivityFile('fit', new Uint8Array(readFileSync('/work/briefs/python-fitparse/activity-large-fenxi2-multisport.fit')));
const t = parsed.track;
for (let i = 11960; i < 14166; i++) { const dt = (t.time[i] - t.time[i-1]) / 1000; const dd = t.distance[i] - t.distance[i-1]; if (dt <= 0 || dd / dt > 8) console.log(i, new Date(t.time[i]).toISOString(), dt, dd.toFixed(2), t.distance[i].toFixed(2)); }
