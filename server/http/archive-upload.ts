/**
 * Streams an export archive's request body to a file (never held in memory), refusing it as soon
 * as it passes ARCHIVE_MAX_BYTES. A body that is not a ZIP (its first bytes are not a ZIP's local
 * header or, for an empty ZIP, its end record) is refused once it is in. The file is removed on any refusal.
 */
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ARCHIVE_MAX_BYTES, ARCHIVE_MESSAGES } from '../../core/activity/archive-rules.ts';
import { invalid, payloadTooLarge } from '../errors.ts';

const ZIP_SIGNATURES = ['504b0304', '504b0506'];

export async function receiveArchive(request: Request, target: string): Promise<number> {
  if (!request.body) {
    throw invalid(ARCHIVE_MESSAGES.empty);
  }
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > ARCHIVE_MAX_BYTES) {
    throw payloadTooLarge(ARCHIVE_MESSAGES.tooLarge);
  }
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(size > ARCHIVE_MAX_BYTES ? payloadTooLarge(ARCHIVE_MESSAGES.tooLarge) : null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>),
      counter,
      createWriteStream(target, { mode: 0o600 }),
    );
    if (size === 0) {
      throw invalid(ARCHIVE_MESSAGES.empty);
    }
    const handle = await open(target, 'r');
    try {
      const head = Buffer.alloc(4);
      await handle.read(head, 0, 4, 0);
      if (!ZIP_SIGNATURES.includes(head.toString('hex'))) {
        throw invalid(ARCHIVE_MESSAGES.notZip);
      }
    } finally {
      await handle.close();
    }
    return size;
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}
