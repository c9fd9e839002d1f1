/**
 * Writes an activity as GPX 1.1 with the Garmin TrackPointExtension (heart rate, cadence), the
 * dialect every other running app reads. Used for "Export as GPX" of any activity.
 */
import type { Track } from './track.ts';

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );
}

const GPX_TYPES: Readonly<Record<string, string>> = { run: 'running', ride: 'cycling', walk: 'walking' };

export function trackToGpx(activity: { name: string; type: string; track: Track; creator?: string }): string {
  const { track } = activity;
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<gpx version="1.1" creator="${escapeXml(activity.creator ?? 'Stride')}" xmlns="http://www.topografix.com/GPX/1/1" `,
    'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" ',
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ',
    'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n',
  ];
  const firstTime = track.time[0];
  if (firstTime !== undefined && !Number.isNaN(firstTime)) {
    parts.push(`  <metadata><time>${new Date(firstTime).toISOString()}</time></metadata>\n`);
  }
  parts.push(
    `  <trk>\n    <name>${escapeXml(activity.name)}</name>\n    <type>${GPX_TYPES[activity.type] ?? escapeXml(activity.type)}</type>\n    <trkseg>\n`,
  );
  for (let i = 0; i < track.lat.length; i += 1) {
    // GPX has no point without a position: an indoor track exports as an empty segment.
    if (!Number.isFinite(track.lat[i])) {
      continue;
    }
    const time = track.time[i] as number;
    const elevation = track.elevation[i] as number;
    const heartRate = track.heartRate[i] as number;
    const cadence = track.cadence[i] as number;
    let point = `      <trkpt lat="${(track.lat[i] as number).toFixed(7)}" lon="${(track.lon[i] as number).toFixed(7)}">`;
    if (!Number.isNaN(elevation)) {
      point += `<ele>${elevation.toFixed(1)}</ele>`;
    }
    if (!Number.isNaN(time)) {
      point += `<time>${new Date(time).toISOString()}</time>`;
    }
    if (!Number.isNaN(heartRate) || !Number.isNaN(cadence)) {
      point += '<extensions><gpxtpx:TrackPointExtension>';
      if (!Number.isNaN(heartRate)) {
        point += `<gpxtpx:hr>${Math.round(heartRate)}</gpxtpx:hr>`;
      }
      if (!Number.isNaN(cadence)) {
        point += `<gpxtpx:cad>${Math.round(cadence)}</gpxtpx:cad>`;
      }
      point += '</gpxtpx:TrackPointExtension></extensions>';
    }
    parts.push(`${point}</trkpt>\n`);
  }
  parts.push('    </trkseg>\n  </trk>\n</gpx>\n');
  return parts.join('');
}
