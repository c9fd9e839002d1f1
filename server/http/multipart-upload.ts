/**
 * Receives a multipart upload without buffering it: each file streams through a SHA-256 hash and
 * gzip (level 1: GPX still shrinks 10×, at half the CPU of the default) into a temporary file while its size is counted. The spec §9 limits are enforced as the
 * bytes arrive: the 51st megabyte of a file or an 11th file ends the request at once (a 2 GB body
 * is refused after 50 MB, never read to its end). A body that stalls for the idle timeout, or brings
 * less than UPLOAD_MIN_PROGRESS_BYTES in twice that (trickled), ends the request too, and a client that goes away is a {@link ClientAbortedError}; either way every spooled
 * file is removed. File names are read as UTF-8 and stored at most 255 characters long.
 * A gzipped upload (.fit.gz, .gpx.gz, .tcx.gz) is decompressed as it arrives and its decompressed
 * bytes are what is counted, hashed and kept: a gzip bomb is refused as soon as its output passes
 * 50 MB. A file of an unsupported format, or a .gz that does not decompress, is not spooled: it
 * carries its problem to the import, which fails its row while the other files proceed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip, createGzip } from 'node:zlib';
import busboy from 'busboy';
import {
  MAX_UPLOAD_FILE_BYTES,
  MAX_UPLOAD_FILES,
  storedFileName,
  UPLOAD_LIMIT_MESSAGES,
  UPLOAD_MESSAGES,
  UPLOAD_MIN_PROGRESS_BYTES,
  uploadFileKind,
} from '../../core/activity/upload-rules.ts';
import { invalid, payloadTooLarge, stalled } from '../errors.ts';
import { REQUEST_INPUT_MESSAGES, textProblem } from '../../core/request-input.ts';
import type { Clock } from '../clock.ts';
import { ClientAbortedError } from './client-aborted.ts';
import type { SpooledFile } from '../spooled-file.ts';

export interface ReceivedUpload {
  files: SpooledFile[];
  fields: Record<string, string>;
  /** Removes the temporary files; safe to call twice. */
  cleanup(): Promise<void>;
}

const MAX_FIELD_BYTES = 1024;
const NO_TIMER: () => void = () => undefined;

/** The spool files' names: start-up removes whatever a stopped server left behind. */
export const SPOOL_FILE_PATTERN = /^upload-[0-9a-f-]+\.gz$/;

export interface ReceiveOptions {
  /** The body is ended when no bytes arrive for this long, or less than UPLOAD_MIN_PROGRESS_BYTES in twice as long. */
  idleTimeoutMs: number;
  /** Times the idle and progress limits. */
  clock: Clock;
}

export async function receiveUpload(
  request: Request,
  tmpDir: string,
  options: ReceiveOptions,
): Promise<ReceivedUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw invalid(UPLOAD_MESSAGES.noFiles);
  }
  await mkdir(tmpDir, { recursive: true });
  const files: SpooledFile[] = [];
  const fields: Record<string, string> = {};
  const cleanup = async () => {
    await Promise.all(files.map((file) => rm(file.path, { force: true })));
  };

  const parser = busboy({
    headers: { 'content-type': contentType },
    // Browsers send a file name as raw UTF-8 in `filename="…"`; busboy's default reads it as Latin-1.
    defParamCharset: 'utf8',
    limits: { files: MAX_UPLOAD_FILES, fileSize: MAX_UPLOAD_FILE_BYTES, fields: 10, fieldSize: MAX_FIELD_BYTES },
  });
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  const writes: Promise<void>[] = [];
  const { clock } = options;
  let cancelIdleTimer = NO_TIMER;
  let cancelProgressTimer = NO_TIMER;

  // The first reason the request is refused; a decompressing file can find it after the body ended.
  let failure: Error | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        if (failure) {
          return;
        }
        failure = error;
        cancelIdleTimer();
        cancelProgressTimer();
        source.unpipe(parser);
        source.destroy();
        // Ending the parser ends (or errors) every half-received file, so their writes settle.
        parser.end();
        reject(error);
      };
      // Field values and file names pass the same text checks as every other body (no NUL, no lone
      // surrogate): a file name becomes the activity's name.
      const refused = (...texts: string[]) => {
        const problem = texts.map(textProblem).find((found) => found !== null);
        if (problem) {
          fail(invalid(REQUEST_INPUT_MESSAGES[problem]));
        }
        return problem !== undefined;
      };
      parser.on('field', (name, value) => {
        if (!refused(name, value)) {
          fields[name] = value;
        }
      });
      parser.on('file', (field, stream, info) => {
        if (refused(field, info.filename ?? '')) {
          stream.resume();
          return;
        }
        const index = files.length;
        const uploadedName = storedFileName(info.filename || `file-${index + 1}`);
        const kind = uploadFileKind(uploadedName);
        const file: SpooledFile = {
          index,
          name: kind?.innerName ?? uploadedName,
          mimeType: info.mimeType,
          size: 0,
          sha256: '',
          path: path.join(tmpDir, `upload-${randomUUID()}.gz`),
        };
        files.push(file);
        stream.on('limit', () => fail(payloadTooLarge(UPLOAD_MESSAGES.fileTooLarge(index + 1))));
        if (kind === undefined) {
          file.problem = UPLOAD_MESSAGES.unsupportedFormat(index + 1);
          stream.resume();
          return;
        }
        const hash = createHash('sha256');
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            file.size += chunk.length;
            if (file.size > MAX_UPLOAD_FILE_BYTES) {
              // Only a decompressing upload gets here (busboy ends a plain file at the limit itself):
              // decompression stops at once, however much more the file would have expanded to.
              const tooLarge = payloadTooLarge(UPLOAD_MESSAGES.fileTooLarge(index + 1));
              fail(tooLarge);
              callback(tooLarge);
              return;
            }
            hash.update(chunk);
            callback(null, chunk);
          },
        });
        const spool = (...head: (NodeJS.ReadableStream | Transform)[]) =>
          pipeline([...head, counter, createGzip({ level: 1 }), createWriteStream(file.path)]).then(() => {
            file.sha256 = hash.digest('hex');
          });
        if (!kind.gzipped) {
          writes.push(spool(stream));
          return;
        }
        // busboy's part stream is never destroyed (busboy would wait on it for ever): a .gz that
        // fails to decompress is unpiped and the rest of its part is read and dropped.
        const gunzip = createGunzip();
        stream.on('error', (error: Error) => gunzip.destroy(error));
        stream.pipe(gunzip);
        writes.push(
          spool(gunzip).catch(() => {
            file.problem ??= UPLOAD_MESSAGES.corruptGzip(index + 1);
            stream.unpipe(gunzip);
            stream.resume();
          }),
        );
      });
      parser.on('filesLimit', () => fail(invalid(UPLOAD_MESSAGES.tooManyFiles)));
      parser.on('error', (error: Error) => fail(invalid(UPLOAD_MESSAGES.validationFailed(error.message))));
      parser.on('close', () => {
        cancelIdleTimer();
        cancelProgressTimer();
        resolve();
      });
      const idleSeconds = Math.round(options.idleTimeoutMs / 1000);
      const armIdleTimer = () => {
        cancelIdleTimer();
        cancelIdleTimer = clock.after(options.idleTimeoutMs, () =>
          fail(stalled(UPLOAD_LIMIT_MESSAGES.stalled(idleSeconds))),
        );
      };
      // A body trickled byte by byte keeps the idle timer going; it must also bring
      // UPLOAD_MIN_PROGRESS_BYTES in each window of twice the idle timeout.
      const progressWindowMs = options.idleTimeoutMs * 2;
      const progressSeconds = Math.round(progressWindowMs / 1000);
      let windowBytes = 0;
      const armProgressTimer = () => {
        cancelProgressTimer();
        windowBytes = 0;
        cancelProgressTimer = clock.after(progressWindowMs, () =>
          fail(stalled(UPLOAD_LIMIT_MESSAGES.tooSlow(progressSeconds))),
        );
      };
      armIdleTimer();
      armProgressTimer();
      source.on('data', (chunk: Buffer) => {
        armIdleTimer();
        windowBytes += chunk.length;
        if (windowBytes >= UPLOAD_MIN_PROGRESS_BYTES) {
          armProgressTimer();
        }
      });
      source.on('error', (error: Error) => fail(request.signal.aborted ? new ClientAbortedError() : error));
      request.signal.addEventListener('abort', () => fail(new ClientAbortedError()), { once: true });
      source.pipe(parser);
    });
    await Promise.all(writes);
    if (failure) {
      throw failure;
    }
  } catch (error) {
    cancelIdleTimer();
    cancelProgressTimer();
    await Promise.allSettled(writes);
    await cleanup();
    throw error;
  }
  return { files, fields, cleanup };
}
