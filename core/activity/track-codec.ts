/**
 * Stores a track compactly (DESIGN.md "Data rules": columnar, not one row or JSON object per point).
 *
 * Each column is quantised to integers (time 1 ms, position 1e-7° ≈ 1 cm, elevation 0.1 m,
 * heart rate and cadence 1 per minute, distance 1 cm), then stored as zig-zag varints of its
 * first or second differences. Recording devices sample at a steady rhythm and runners move at a
 * steady pace, so second differences of time, position and distance are mostly tiny: a typical
 * run costs 7–10 bytes per point against 80–120 for JSON objects. Optional columns (elevation,
 * heart rate, cadence, time) carry a presence bitmap and cost nothing when absent.
 *
 * After the columns, a track of several recorded segments carries its segment starts (a count, then
 * the first index and the steps between them, as varints), so the map can break its line at each
 * gap. A track of one segment ends after the columns, as every track stored before did.
 */
import { hasPositions, TRACK_COLUMNS, type Track, type TrackColumn } from './track.ts';

const MAGIC = [0x53, 0x54, 0x4b, 0x31]; // "STK1"
/** "STK2": the same, with latitude and longitude optional like the other columns (an indoor track). */
const MAGIC_OPTIONAL_POSITIONS = [0x53, 0x54, 0x4b, 0x32];

interface ColumnCodec {
  name: TrackColumn;
  /** Units per stored integer step. */
  scale: number;
  /** 1 = first differences, 2 = second differences. */
  order: 1 | 2;
  optional: boolean;
}

const CODECS: readonly ColumnCodec[] = [
  { name: 'time', scale: 1, order: 2, optional: true },
  { name: 'lat', scale: 1e7, order: 2, optional: false },
  { name: 'lon', scale: 1e7, order: 2, optional: false },
  { name: 'elevation', scale: 10, order: 1, optional: true },
  { name: 'heartRate', scale: 1, order: 1, optional: true },
  { name: 'cadence', scale: 1, order: 1, optional: true },
  { name: 'distance', scale: 100, order: 2, optional: false },
];

const CODECS_OPTIONAL_POSITIONS: readonly ColumnCodec[] = CODECS.map((codec) =>
  codec.name === 'lat' || codec.name === 'lon' ? { ...codec, optional: true } : codec,
);

class ByteWriter {
  private buffer = new Uint8Array(1024);
  length = 0;

  private ensure(extra: number) {
    if (this.length + extra <= this.buffer.length) {
      return;
    }
    let size = this.buffer.length * 2;
    while (size < this.length + extra) {
      size *= 2;
    }
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  byte(value: number) {
    this.ensure(1);
    this.buffer[this.length++] = value;
  }

  bytes(values: Uint8Array | readonly number[]) {
    this.ensure(values.length);
    this.buffer.set(values, this.length);
    this.length += values.length;
  }

  /**
   * Unsigned varint of a non-negative safe integer (at most 8 bytes). Anything else is refused
   * before the loop: Infinity would never shrink below 0x80 and a huge finite value would run past
   * the bytes ensured.
   */
  uvarint(value: number) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`Track value out of range: ${value}`);
    }
    this.ensure(8);
    let v = value;
    while (v >= 0x80) {
      this.buffer[this.length++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buffer[this.length++] = v;
  }

  svarint(value: number) {
    // Zig-zag without 32-bit overflow: 0, -1, 1, -2, 2 … → 0, 1, 2, 3, 4 …
    this.uvarint(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  result(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

class ByteReader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get atEnd(): boolean {
    return this.offset >= this.bytes.length;
  }

  byte(): number {
    if (this.offset >= this.bytes.length) {
      throw new Error('Track data is truncated');
    }
    return this.bytes[this.offset++] as number;
  }

  uvarint(): number {
    let result = 0;
    let multiplier = 1;
    for (;;) {
      const byte = this.byte();
      result += (byte & 0x7f) * multiplier;
      if (byte < 0x80) {
        return result;
      }
      multiplier *= 0x80;
    }
  }

  svarint(): number {
    const raw = this.uvarint();
    return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) {
      throw new Error('Track data is truncated');
    }
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }
}

export function encodeTrack(track: Track): Uint8Array {
  const n = track.lat.length;
  const out = new ByteWriter();
  // A track with positions keeps the first format, byte for byte; only an indoor track needs the second.
  const located = n === 0 || hasPositions(track);
  out.bytes(located ? MAGIC : MAGIC_OPTIONAL_POSITIONS);
  out.uvarint(n);
  for (const codec of located ? CODECS : CODECS_OPTIONAL_POSITIONS) {
    const column = track[codec.name];
    let present: Uint8Array | undefined;
    if (codec.optional) {
      let count = 0;
      const bitmap = new Uint8Array(Math.ceil(n / 8));
      for (let i = 0; i < n; i += 1) {
        if (!Number.isNaN(column[i])) {
          bitmap[i >> 3] = (bitmap[i >> 3] as number) | (1 << (i & 7));
          count += 1;
        }
      }
      // 0 = absent, 1 = every point, 2 = a bitmap follows.
      if (count === 0) {
        out.byte(0);
        continue;
      }
      if (count === n) {
        out.byte(1);
      } else {
        out.byte(2);
        out.bytes(bitmap);
        present = bitmap;
      }
    }
    let previous = 0;
    let previousDelta = 0;
    for (let i = 0; i < n; i += 1) {
      if (present && ((present[i >> 3] as number) & (1 << (i & 7))) === 0) {
        continue;
      }
      const value = Math.round((column[i] as number) * codec.scale);
      const delta = value - previous;
      out.svarint(codec.order === 2 ? delta - previousDelta : delta);
      previous = value;
      previousDelta = delta;
    }
  }
  const starts = track.segmentStarts;
  if (starts !== undefined && starts.length > 0) {
    out.uvarint(starts.length);
    let previousStart = 0;
    for (const start of starts) {
      out.uvarint(start - previousStart);
      previousStart = start;
    }
  }
  return out.result();
}

export function decodeTrack(bytes: Uint8Array): Track {
  const input = new ByteReader(bytes);
  const magic = input.take(4);
  const matches = (expected: readonly number[]) => expected.every((byte, i) => magic[i] === byte);
  if (!matches(MAGIC) && !matches(MAGIC_OPTIONAL_POSITIONS)) {
    throw new Error('Not a Stride track');
  }
  const codecs = matches(MAGIC) ? CODECS : CODECS_OPTIONAL_POSITIONS;
  const n = input.uvarint();
  const columns = Object.fromEntries(TRACK_COLUMNS.map((name) => [name, new Float64Array(n)])) as Record<
    TrackColumn,
    Float64Array
  >;
  for (const codec of codecs) {
    const column = columns[codec.name];
    let present: Uint8Array | undefined;
    if (codec.optional) {
      const mode = input.byte();
      if (mode === 0) {
        column.fill(Number.NaN);
        continue;
      }
      if (mode === 2) {
        present = input.take(Math.ceil(n / 8));
      }
    }
    let previous = 0;
    let previousDelta = 0;
    for (let i = 0; i < n; i += 1) {
      if (present && ((present[i >> 3] as number) & (1 << (i & 7))) === 0) {
        column[i] = Number.NaN;
        continue;
      }
      const stored = input.svarint();
      const delta = codec.order === 2 ? stored + previousDelta : stored;
      previous += delta;
      previousDelta = delta;
      column[i] = previous / codec.scale;
    }
  }
  const track: Track = columns;
  if (!input.atEnd) {
    const count = input.uvarint();
    const starts = new Uint32Array(count);
    let start = 0;
    for (let k = 0; k < count; k += 1) {
      start += input.uvarint();
      if (start <= 0 || start >= n) {
        throw new Error('Track data has a segment start outside the track');
      }
      starts[k] = start;
    }
    track.segmentStarts = starts;
  }
  return track;
}
