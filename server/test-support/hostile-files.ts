/**
 * Hostile activity files for the upload-hardening tests, generated in memory: each one once took a
 * server down (memory, time or the event loop) before parsing moved into capped worker threads.
 */
const GPX_HEAD = `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">`;
const START = Date.UTC(2026, 2, 1, 7, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

/** Points one second apart jumping between (-80,-179) and (80,179): a 20,000 km "split" every second. */
export function alternatingPolesGpx(points: number): string {
  const body = Array.from({ length: points }, (_, i) => {
    const [lat, lon] = i % 2 === 0 ? [-80, -179] : [80, 179];
    return `<trkpt lat="${lat}" lon="${lon}"><ele>100</ele><time>${iso(START + i * 1000)}</time></trkpt>`;
  }).join('');
  return `${GPX_HEAD}<trk><name>Poles</name><trkseg>${body}</trkseg></trk></gpx>`;
}

/** A TCX run whose recorded DistanceMeters jumps from a few metres to ten billion. */
export function runawayDistanceTcx(): string {
  const points = Array.from({ length: 20 }, (_, i) => {
    const distance = i < 10 ? i * 3 : 10_000_000_000 + i;
    return `<Trackpoint><Time>${iso(START + i * 1000)}</Time><Position><LatitudeDegrees>${(46 + i * 0.00003).toFixed(6)}</LatitudeDegrees><LongitudeDegrees>14.5</LongitudeDegrees></Position><DistanceMeters>${distance}</DistanceMeters></Trackpoint>`;
  }).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Running"><Id>${iso(START)}</Id><Lap StartTime="${iso(START)}"><Track>${points}</Track></Lap></Activity></Activities></TrainingCenterDatabase>`;
}

/** A GPX whose track segment holds `depth` nested elements before its one point. */
export function deeplyNestedGpx(depth: number): string {
  return `${GPX_HEAD}<trk><trkseg>${'<extensions>'.repeat(depth)}${'</extensions>'.repeat(depth)}<trkpt lat="46" lon="14"><time>${iso(START)}</time></trkpt><trkpt lat="46.001" lon="14"><time>${iso(START + 1000)}</time></trkpt></trkseg></trk></gpx>`;
}

const SEMICIRCLES_PER_DEGREE = 2 ** 31 / 180;
/** FIT times are seconds since 1989-12-31T00:00:00Z. */
const FIT_EPOCH_S = 631_065_600;
const fitTime = (ms: number) => Math.round(ms / 1000) - FIT_EPOCH_S;

const CRC_TABLE = [
  0x0000, 0xcc01, 0xd801, 0x1400, 0xf001, 0x3c00, 0x2800, 0xe401, 0xa001, 0x6c00, 0x7800, 0xb401, 0x5000, 0x9c01,
  0x8801, 0x4400,
];

/** The FIT protocol's CRC-16 (the same table the FIT SDK uses). */
function fitCrc(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i += 1) {
    const byte = bytes[i] as number;
    let tmp = CRC_TABLE[crc & 0xf] as number;
    crc = ((crc >> 4) & 0x0fff) ^ tmp ^ (CRC_TABLE[byte & 0xf] as number);
    tmp = CRC_TABLE[crc & 0xf] as number;
    crc = ((crc >> 4) & 0x0fff) ^ tmp ^ (CRC_TABLE[(byte >> 4) & 0xf] as number);
  }
  return crc;
}

/** [field number, size, base type] as in a FIT definition message. */
type FieldDefinition = readonly [number, number, number];
const UINT8 = 0x02;
const UINT16 = 0x84;
const SINT32 = 0x85;
const UINT32 = 0x86;
const ENUM = 0x00;

/**
 * A FIT activity of `records` one-second records running north. Written directly in the FIT
 * protocol (header, definition and data messages, CRC) because the SDK's Encoder needs about 170 µs
 * a record, a minute for the few hundred thousand this file holds; the parser reads it with the
 * SDK's Decoder, which checks the structure and both CRCs.
 */
export function longFitActivity(records: number): Uint8Array {
  const messages: Buffer[] = [];
  const define = (local: number, global: number, fields: readonly FieldDefinition[]) => {
    const definition = Buffer.alloc(6 + fields.length * 3);
    definition.writeUInt8(0x40 | local, 0);
    definition.writeUInt16LE(global, 3);
    definition.writeUInt8(fields.length, 5);
    fields.forEach(([number, size, type], i) => {
      definition.writeUInt8(number, 6 + i * 3);
      definition.writeUInt8(size, 7 + i * 3);
      definition.writeUInt8(type, 8 + i * 3);
    });
    messages.push(definition);
  };
  define(0, 0, [
    [0, 1, ENUM],
    [1, 2, UINT16],
    [2, 2, UINT16],
    [4, 4, UINT32],
  ]);
  const fileId = Buffer.alloc(10);
  fileId.writeUInt8(4, 1); // type: activity
  fileId.writeUInt16LE(1, 2); // manufacturer: garmin
  fileId.writeUInt16LE(4315, 4);
  fileId.writeUInt32LE(fitTime(START), 6);
  messages.push(fileId);
  define(1, 20, [
    [253, 4, UINT32],
    [0, 4, SINT32],
    [1, 4, SINT32],
    [5, 4, UINT32],
    [3, 1, UINT8],
  ]);
  const block = Buffer.alloc(records * 18);
  for (let i = 0; i < records; i += 1) {
    const at = i * 18;
    block.writeUInt8(1, at);
    block.writeUInt32LE(fitTime(START + i * 1000), at + 1);
    block.writeInt32LE(Math.round((46 + i * 0.00002) * SEMICIRCLES_PER_DEGREE), at + 5);
    block.writeInt32LE(Math.round(14.5 * SEMICIRCLES_PER_DEGREE), at + 9);
    block.writeUInt32LE(Math.round(i * 2.2 * 100), at + 13);
    block.writeUInt8(140, at + 17);
  }
  messages.push(block);
  define(2, 18, [
    [253, 4, UINT32],
    [2, 4, UINT32],
    [7, 4, UINT32],
    [8, 4, UINT32],
    [9, 4, UINT32],
    [5, 1, ENUM],
    [0, 1, ENUM],
    [1, 1, ENUM],
  ]);
  const elapsed = records - 1;
  const session = Buffer.alloc(24);
  session.writeUInt8(2, 0);
  session.writeUInt32LE(fitTime(START + elapsed * 1000), 1);
  session.writeUInt32LE(fitTime(START), 5);
  session.writeUInt32LE(elapsed * 1000, 9);
  session.writeUInt32LE(elapsed * 1000, 13);
  session.writeUInt32LE(Math.round(elapsed * 2.2 * 100), 17);
  session.writeUInt8(1, 21); // sport: running
  session.writeUInt8(8, 22); // event: session
  session.writeUInt8(1, 23); // event type: stop
  messages.push(session);
  const data = Buffer.concat(messages);
  const header = Buffer.alloc(14);
  header.writeUInt8(14, 0);
  header.writeUInt8(0x20, 1);
  header.writeUInt16LE(2132, 2);
  header.writeUInt32LE(data.length, 4);
  header.write('.FIT', 8, 'ascii');
  header.writeUInt16LE(fitCrc(header, 0, 12), 12);
  const file = Buffer.concat([header, data, Buffer.alloc(2)]);
  file.writeUInt16LE(fitCrc(file, 0, file.length - 2), file.length - 2);
  return new Uint8Array(file.buffer, file.byteOffset, file.length);
}

/**
 * A planner GPX whose points cycle over a triangle (about 29 bytes a point): Douglas–Peucker peels
 * one point per pass on it, and the route import once ran that on the event loop about 30 times.
 */
export function triangleCycleGpx(points: number): string {
  const corners = ['lat="46" lon="14"', 'lat="46.01" lon="14"', 'lat="46.005" lon="14.01"'];
  const body = Array.from({ length: points }, (_, i) => `<trkpt ${corners[i % 3]}/>`).join('');
  return `${GPX_HEAD}<trk><name>Triangle</name><trkseg>${body}</trkseg></trk></gpx>`;
}

/**
 * A 296-byte-class GPX with an elevation of 1e308: its value once made the track encoder loop
 * forever on Infinity, holding an import worker for its whole time budget.
 */
export function hugeElevationGpx(): string {
  return `${GPX_HEAD}<trk><trkseg><trkpt lat="46" lon="14"><ele>1e308</ele><time>${iso(START)}</time></trkpt><trkpt lat="46.001" lon="14"><ele>1e308</ele><time>${iso(START + 1000)}</time></trkpt></trkseg></trk></gpx>`;
}
