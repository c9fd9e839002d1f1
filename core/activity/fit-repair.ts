/**
 * FIT files as real devices and apps leave them, which Garmin's SDK decoder refuses whole:
 * - compressed-timestamp records (a record header with bit 7 set: a 2-bit local message type and a
 *   5-bit offset from the last full timestamp; older Garmin devices and some apps write them), which
 *   the SDK does not support;
 * - bytes after the end the header declares (phone apps that pad or append), which the SDK tries
 *   to read as a second file;
 * - files that end early (a watch that ran out of battery, a transfer cut short), which fail the
 *   SDK's integrity check;
 * - a data message shorter than its definition says (the Strava Android app writes a record's
 *   2-byte speed as 1 byte now and then), after which the SDK reads every later byte out of step
 *   and stops with a field error: the rest of the file is lost to it.
 * `repairFit` walks the file's records (FIT protocol: definition and data messages, sizes from the
 * definitions) and writes a file the SDK reads: each compressed-timestamp record becomes a normal
 * data message with its timestamp field, a data message not followed by a valid record header is
 * left out and reading goes on at the nearest byte where two valid record headers follow one
 * another (RESYNC_OFFSETS), the file stops after its last complete record, and the header and CRC
 * are rewritten. A complete file whose CRC does not match is corrupt, not damaged
 * in one of these ways, and is left alone (null): Stride never imports silently altered data.
 */

const TIMESTAMP_FIELD = 253;
const UINT32_BASE_TYPE = 0x86;
const INVALID_UINT32 = 0xffffffff;
const CRC_SIZE = 2;

/** The FIT CRC-16 (FIT protocol, "CRC"): a nibble table. */
const CRC_TABLE = [
  0x0000, 0xcc01, 0xd801, 0x1400, 0xf001, 0x3c00, 0x2800, 0xe401, 0xa001, 0x6c00, 0x7800, 0xb401, 0x5000, 0x9c01,
  0x8801, 0x4400,
];
export function fitCrc(bytes: Uint8Array, start: number, end: number): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    const byte = bytes[i] as number;
    let tmp = CRC_TABLE[crc & 0xf] as number;
    crc = (crc >> 4) & 0x0fff;
    crc = crc ^ tmp ^ (CRC_TABLE[byte & 0xf] as number);
    tmp = CRC_TABLE[crc & 0xf] as number;
    crc = (crc >> 4) & 0x0fff;
    crc = crc ^ tmp ^ (CRC_TABLE[(byte >> 4) & 0xf] as number);
  }
  return crc;
}

interface LocalDefinition {
  /** The definition record as the file wrote it. */
  raw: Uint8Array;
  littleEndian: boolean;
  fieldsSize: number;
  devSize: number;
  /** Byte offset of a uint32 timestamp field within the fields, or -1. */
  timestampOffset: number;
  /** The same definition with a timestamp field appended, for compressed-timestamp records. */
  withTimestamp: Uint8Array;
}

export interface FitRepair {
  bytes: Uint8Array;
  /** Compressed-timestamp records rewritten as normal ones. */
  compressedTimestamps: number;
  /** The file ended before the data its header declares (the rest is lost). */
  truncated: boolean;
  /** Bytes after the file's declared end, left out. */
  trailingBytes: number;
  /** Data messages left out because they did not end where the next record begins. */
  skippedMessages: number;
}

/** Where reading may go on after a message that does not end where the next record begins. */
const RESYNC_OFFSETS = [-1, -2, -3, 1, 2, 3];

function readDefinition(
  bytes: Uint8Array,
  pos: number,
  end: number,
): { definition: LocalDefinition; size: number } | null {
  const header = bytes[pos] as number;
  if (pos + 6 > end) {
    return null;
  }
  const littleEndian = bytes[pos + 2] === 0;
  const numFields = bytes[pos + 5] as number;
  let size = 6 + numFields * 3;
  if (pos + size > end) {
    return null;
  }
  let fieldsSize = 0;
  let timestampOffset = -1;
  for (let f = 0; f < numFields; f++) {
    const at = pos + 6 + f * 3;
    if (bytes[at] === TIMESTAMP_FIELD && bytes[at + 1] === 4) {
      timestampOffset = fieldsSize;
    }
    fieldsSize += bytes[at + 1] as number;
  }
  let devSize = 0;
  const hasDev = (header & 0x20) !== 0;
  if (hasDev) {
    if (pos + size + 1 > end) {
      return null;
    }
    const numDev = bytes[pos + size] as number;
    const devStart = pos + size + 1;
    size += 1 + numDev * 3;
    if (pos + size > end) {
      return null;
    }
    for (let f = 0; f < numDev; f++) {
      devSize += bytes[devStart + f * 3 + 1] as number;
    }
  }
  const raw = bytes.slice(pos, pos + size);
  const regularEnd = 6 + numFields * 3;
  const withTimestamp = new Uint8Array(size + 3);
  withTimestamp.set(raw.subarray(0, regularEnd), 0);
  withTimestamp[5] = numFields + 1;
  withTimestamp.set([TIMESTAMP_FIELD, 4, UINT32_BASE_TYPE], regularEnd);
  withTimestamp.set(raw.subarray(regularEnd), regularEnd + 3);
  return { definition: { raw, littleEndian, fieldsSize, devSize, timestampOffset, withTimestamp }, size };
}

/**
 * The size of the record starting at `pos` when its header is one the file can have there: a
 * definition (reserved byte 0, architecture 0 or 1) or a data message of a defined local type;
 * null otherwise.
 */
function recordSizeAt(
  bytes: Uint8Array,
  pos: number,
  end: number,
  definitions: readonly (LocalDefinition | undefined)[],
): number | null {
  const header = bytes[pos];
  if (header === undefined || pos >= end) {
    return null;
  }
  if ((header & 0x80) !== 0) {
    const definition = definitions[(header >> 5) & 0x03];
    return definition ? 1 + definition.fieldsSize + definition.devSize : null;
  }
  if ((header & 0x40) !== 0) {
    if ((header & 0x10) !== 0 || bytes[pos + 1] !== 0 || (bytes[pos + 2] as number) > 1) {
      return null;
    }
    return readDefinition(bytes, pos, end)?.size ?? null;
  }
  if ((header & 0x30) !== 0) {
    return null;
  }
  const definition = definitions[header & 0x0f];
  return definition ? 1 + definition.fieldsSize + definition.devSize : null;
}

/**
 * Where reading goes on after the data message at `pos` of `size` bytes: its end when a valid
 * record begins there (or the file ends), else the nearest offset from its end where two valid
 * records follow one another, else null (nothing more can be read).
 */
function nextRecordAfter(
  bytes: Uint8Array,
  pos: number,
  size: number,
  end: number,
  definitions: readonly (LocalDefinition | undefined)[],
): { at: number; skipped: boolean } | null {
  const next = pos + size;
  if (next >= end || recordSizeAt(bytes, next, end, definitions) !== null) {
    return { at: next, skipped: false };
  }
  for (const offset of RESYNC_OFFSETS) {
    const at = next + offset;
    const first = at > pos ? recordSizeAt(bytes, at, end, definitions) : null;
    if (first !== null && (at + first >= end || recordSizeAt(bytes, at + first, end, definitions) !== null)) {
      return { at, skipped: true };
    }
  }
  return null;
}

/**
 * A copy of the file the SDK can read, or null when it is not a FIT file, is corrupt (a complete
 * file whose CRC does not match), or has no complete record to keep.
 */
export function repairFit(bytes: Uint8Array): FitRepair | null {
  if (bytes.length < 12) {
    return null;
  }
  const headerSize = bytes[0] as number;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if ((headerSize !== 12 && headerSize !== 14) || String.fromCharCode(...bytes.subarray(8, 12)) !== '.FIT') {
    return null;
  }
  const declaredEnd = headerSize + view.getUint32(4, true);
  const complete = bytes.length >= declaredEnd + CRC_SIZE;
  if (complete && fitCrc(bytes, 0, declaredEnd) !== view.getUint16(declaredEnd, true)) {
    return null;
  }
  const end = Math.min(declaredEnd, bytes.length);

  const out: Uint8Array[] = [];
  let outLength = 0;
  const emit = (part: Uint8Array) => {
    out.push(part);
    outLength += part.length;
  };
  const definitions: (LocalDefinition | undefined)[] = [];
  /** Which local types currently stand for their definition with a timestamp appended. */
  const augmented: boolean[] = [];
  let lastTimestamp = Number.NaN;
  let compressedTimestamps = 0;
  let skippedMessages = 0;
  let pos = headerSize;
  while (pos < end) {
    const header = bytes[pos] as number;
    if ((header & 0x80) !== 0) {
      const local = (header >> 5) & 0x03;
      const definition = definitions[local];
      const size = definition ? 1 + definition.fieldsSize + definition.devSize : 0;
      if (!definition || pos + size > end || Number.isNaN(lastTimestamp)) {
        break;
      }
      // The offset is the timestamp's low 5 bits; it rolls over every 32 seconds.
      const offset = header & 0x1f;
      const base = lastTimestamp - (lastTimestamp % 32);
      const timestamp = offset >= lastTimestamp % 32 ? base + offset : base + 32 + offset;
      lastTimestamp = timestamp;
      if (!augmented[local]) {
        emit(definition.withTimestamp);
        augmented[local] = true;
      }
      const message = new Uint8Array(size + 4);
      message[0] = local;
      message.set(bytes.subarray(pos + 1, pos + 1 + definition.fieldsSize), 1);
      new DataView(message.buffer).setUint32(1 + definition.fieldsSize, timestamp, definition.littleEndian);
      message.set(bytes.subarray(pos + 1 + definition.fieldsSize, pos + size), 5 + definition.fieldsSize);
      emit(message);
      compressedTimestamps++;
      pos += size;
    } else if ((header & 0x40) !== 0) {
      const read = readDefinition(bytes, pos, end);
      if (read === null) {
        break;
      }
      const local = header & 0x0f;
      definitions[local] = read.definition;
      augmented[local] = false;
      emit(read.definition.raw);
      pos += read.size;
    } else {
      const local = header & 0x0f;
      const definition = definitions[local];
      const size = definition ? 1 + definition.fieldsSize + definition.devSize : 0;
      if (!definition || pos + size > end) {
        break;
      }
      const next = nextRecordAfter(bytes, pos, size, end, definitions);
      if (next === null) {
        break;
      }
      if (next.skipped) {
        skippedMessages++;
        pos = next.at;
        continue;
      }
      if (augmented[local]) {
        emit(definition.raw);
        augmented[local] = false;
      }
      if (definition.timestampOffset >= 0) {
        const timestamp = view.getUint32(pos + 1 + definition.timestampOffset, definition.littleEndian);
        if (timestamp !== INVALID_UINT32) {
          lastTimestamp = timestamp;
        }
      }
      emit(bytes.subarray(pos, pos + size));
      pos += size;
    }
  }
  if (outLength === 0) {
    return null;
  }
  const repaired = new Uint8Array(headerSize + outLength + CRC_SIZE);
  repaired.set(bytes.subarray(0, headerSize), 0);
  const repairedView = new DataView(repaired.buffer);
  repairedView.setUint32(4, outLength, true);
  if (headerSize === 14) {
    // A header CRC of 0 means "not computed", which the FIT protocol allows.
    repairedView.setUint16(12, 0, true);
  }
  let at = headerSize;
  for (const part of out) {
    repaired.set(part, at);
    at += part.length;
  }
  repairedView.setUint16(at, fitCrc(repaired, 0, at), true);
  return {
    bytes: repaired,
    compressedTimestamps,
    truncated: pos < declaredEnd,
    trailingBytes: Math.max(0, bytes.length - declaredEnd - CRC_SIZE),
    skippedMessages,
  };
}
