import { startBenchServer } from '../tools/bench/server-fixture.ts';
import { syntheticActivity } from '../tools/bench/activity-list.bench.ts';
import { DASHBOARD_PATHS } from '../tools/bench/load.bench.ts';

const bench = await startBenchServer();
const { db } = bench.server.database;
const rows = Array.from({ length: 1000 }, (_, k) => syntheticActivity(bench.userId, k));
for (let i = 0; i < rows.length; i += 500) await db.insertInto('activities').values(rows.slice(i, i + 500)).execute();
await bench.server.database.maintain();
const url = bench.server.url;
const h = (body?: unknown) => ({ cookie: bench.cookie, ...(body ? { 'content-type': 'application/json', origin: url } : {}) });
async function req(method: string, path: string, body?: unknown) {
  const t = performance.now();
  const r = await fetch(url + path, { method, headers: h(body), body: body ? JSON.stringify(body) : undefined });
  const text = await r.text();
  return { ms: performance.now() - t, status: r.status, text };
}
const dash = async (label: string) => {
  const parts: string[] = [];
  let sum = 0;
  for (const p of DASHBOARD_PATHS) { const r = await req('GET', p); sum += r.ms; parts.push(`${p.split('?')[0].replace('/api/', '')}=${r.ms.toFixed(1)}`); }
  console.log(`${label}: total ${sum.toFixed(1)} ms | ${parts.join(' ')}`);
};
for (let i = 0; i < 3; i++) await dash('warm');
const page = JSON.parse((await req('GET', '/api/activities?limit=10')).text);
const id = page.items[2].id;
const gear = JSON.parse((await req('POST', '/api/gear', { kind: 'shoe', name: 'S' })).text);
const answers = (l: string) => Object.fromEntries(['sleepQuality','energyLevel','stressLevel','soreness','hydration','nutrition','moodRating','injuryFeeling'].map((q) => [q, l]));
const writes: [string, () => Promise<{ ms: number; status: number }>][] = [
  ['rename', () => req('PATCH', `/api/activities/${id}`, { name: 'R' + Math.random() })],
  ['edit', () => req('PATCH', `/api/activities/${id}`, { distance: 5000 + Math.floor(Math.random() * 1000) })],
  ['manual', () => req('POST', '/api/activities/manual', { type: 'walk', distance: 3000, movingTime: 1800, startDateLocal: '2019-06-01T07:00', timeZone: 'Europe/Berlin' })],
  ['gear', () => req('PATCH', `/api/gear/${gear.id}`, { name: 'G' + Math.random() })],
  ['check-in', () => req('POST', '/api/wellbeing/check-ins?timeZone=Europe%2FBerlin', answers(Math.random() < 0.5 ? 'low' : 'high'))],
];
for (let round = 0; round < 2; round++) {
  for (const [name, w] of writes) {
    const r = await w();
    console.log(`write ${name}: ${r.ms.toFixed(1)} ms (${r.status})`);
    await dash(`  after ${name}`);
    await dash(`  again`);
  }
}
await bench.close();
