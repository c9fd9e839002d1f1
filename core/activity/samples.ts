/**
 * The placeholder demo activities (spec §4: three sample runs dated 1, 2 and 3 days ago, source
 * "placeholder") that a new runner can add to see Stride with data, and remove again. Each is a
 * generated loop with a realistic pace, heart rate, cadence and a gentle hill.
 */
import { TrackBuilder, type Track } from './track.ts';

export const SAMPLE_SOURCE = 'placeholder';

export interface SampleRun {
  name: string;
  track: Track;
}

/** A loop around Tivoli park, Ljubljana (open data, no personal places). */
const CENTRE = { lat: 46.0569, lon: 14.4958 };
const METRES_PER_DEGREE_LAT = 111_320;

const SAMPLES = [
  { daysAgo: 1, name: 'Sample: Easy morning loop', km: 5, paceSPerKm: 345, hour: 7, heart: 142 },
  { daysAgo: 2, name: 'Sample: Tempo run', km: 8, paceSPerKm: 290, hour: 18, heart: 161 },
  { daysAgo: 3, name: 'Sample: Long steady run', km: 12, paceSPerKm: 330, hour: 9, heart: 148 },
] as const;

/** Central European Time, where the loop is, so the runs read as morning and evening runs there. */
const CENTRE_UTC_OFFSET_MINUTES = 60;

/** The three runs, starting at their `hour` (CET) 1, 2 and 3 days before `now`. */
export function sampleRuns(now: Date): SampleRun[] {
  return SAMPLES.map((sample) => {
    const day = new Date(now.getTime() - sample.daysAgo * 86_400_000);
    const start =
      Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), sample.hour, 0, 0) -
      CENTRE_UTC_OFFSET_MINUTES * 60_000;
    const metres = sample.km * 1000;
    const radius = 450;
    const laps = metres / (2 * Math.PI * radius);
    const seconds = Math.round((metres / 1000) * sample.paceSPerKm);
    const builder = new TrackBuilder(seconds + 1);
    for (let t = 0; t <= seconds; t += 1) {
      const progress = t / seconds;
      const angle = progress * laps * 2 * Math.PI;
      const wobble = Math.sin(t / 7) * 0.8;
      const north = (radius + wobble) * Math.sin(angle);
      const east = (radius + wobble) * (1 - Math.cos(angle)) * 1.3;
      builder.push({
        time: start + t * 1000,
        lat: CENTRE.lat + north / METRES_PER_DEGREE_LAT,
        lon: CENTRE.lon + east / (METRES_PER_DEGREE_LAT * Math.cos((CENTRE.lat * Math.PI) / 180)),
        elevation: 298 + 18 * Math.max(0, Math.sin(angle)),
        heartRate: Math.round(sample.heart - 20 * Math.exp(-t / 240) + 4 * Math.sin(angle)),
        cadence: Math.round(172 + 3 * Math.sin(t / 31)),
        distance: progress * metres,
      });
    }
    return { name: sample.name, track: builder.finish() };
  });
}
