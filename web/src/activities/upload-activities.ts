/**
 * Sends a batch of activity files to POST /api/activities/uploads. XMLHttpRequest rather than
 * fetch because only it reports upload byte progress; the answer is NDJSON (one UploadEvent per
 * line) read incrementally from responseText as it streams in, so each file's parsing → saving →
 * complete (spec §4 "Upload processing") shows live. A rejected batch answers 400/413 with JSON.
 */
import { uploadEventSchema, type UploadEvent } from '../../../core/activity/schemas.ts';
import type { RetryClock } from '../../../core/activity/upload-retry.ts';
import { api, apiErrorFrom, networkError, offlineWriteError, ApiError } from '../api/client.ts';

export interface UploadHandlers {
  /** Request body bytes sent so far. */
  onBytes: (loaded: number, total: number) => void;
  onEvent: (event: UploadEvent) => void;
}

export interface UploadRequest {
  /** Settles when the answer has been read to its end; rejects with an ApiError. */
  done: Promise<void>;
  abort: () => void;
}

/** Splits a growing text into complete lines; the unfinished tail waits for more text. */
export class NdjsonReader {
  private consumed = 0;

  constructor(private readonly onLine: (line: string) => void) {}

  /** `text` is everything received so far (XMLHttpRequest.responseText grows in place). */
  read(text: string, final = false): void {
    let newline = text.indexOf('\n', this.consumed);
    while (newline !== -1) {
      this.emit(text.slice(this.consumed, newline));
      this.consumed = newline + 1;
      newline = text.indexOf('\n', this.consumed);
    }
    if (final && this.consumed < text.length) {
      this.emit(text.slice(this.consumed));
      this.consumed = text.length;
    }
  }

  private emit(line: string): void {
    if (line.trim() !== '') {
      this.onLine(line);
    }
  }
}

/** How much of each file the request body has carried, from the overall byte count. */
export function sentFractions(
  files: readonly Pick<File, 'size'>[],
  bytes: { loaded: number; total: number } | undefined,
): number[] {
  if (!bytes || bytes.total === 0) {
    return files.map(() => 0);
  }
  const fileBytes = files.reduce((sum, file) => sum + file.size, 0);
  // The multipart framing is small next to the files; scale the byte count onto the files alone.
  const sent = (bytes.loaded / bytes.total) * fileBytes;
  let offset = 0;
  return files.map((file) => {
    const fraction = file.size === 0 ? (sent >= offset ? 1 : 0) : Math.min(1, Math.max(0, (sent - offset) / file.size));
    offset += file.size;
    return fraction;
  });
}

const uploadCancelled = () => new ApiError(0, { type: 'user_action_error', message: 'Upload cancelled.' });

/** The browser's clock for the upload retries: a wait ends early, as a cancelled upload, on abort. */
export const uploadRetryClock: RetryClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(uploadCancelled());
        return;
      }
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(uploadCancelled());
        },
        { once: true },
      );
    }),
};

/** The HTTP status of a failed upload (0: no answer, or cancelled). */
export const uploadFailureStatus = (error: unknown): number => (error instanceof ApiError ? error.status : 0);

function rejection(xhr: XMLHttpRequest): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    // Not JSON (a proxy's page, say): the status line below says enough.
  }
  return apiErrorFrom(xhr.status, body);
}

/**
 * `startDateLocal` ("YYYY-MM-DDTHH:mm" on the runner's clock) dates one file without any date in it,
 * as the dialog asks for it.
 */
export function uploadActivityFiles(
  files: readonly File[],
  timeZone: string | undefined,
  handlers: UploadHandlers,
  startDateLocal?: string,
): UploadRequest {
  if (!navigator.onLine) {
    // Offline, the files are refused at once rather than left waiting for a connection.
    return { done: Promise.reject(offlineWriteError()), abort: () => undefined };
  }
  const xhr = new XMLHttpRequest();
  const form = new FormData();
  // The time zone first: the server reads fields in order and needs it before the first file.
  // The zone of a file whose first point has no position; the server falls back to UTC.
  if (timeZone !== undefined) {
    form.append('timeZone', timeZone);
  }
  if (startDateLocal !== undefined) {
    form.append('startDateLocal', startDateLocal);
  }
  for (const file of files) {
    form.append('files', file, file.name);
  }
  const reader = new NdjsonReader((line) => {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      return;
    }
    const parsed = uploadEventSchema.safeParse(json);
    if (parsed.success) {
      handlers.onEvent(parsed.data);
    }
  });
  const streaming = () => xhr.status === 200;

  const done = new Promise<void>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        handlers.onBytes(event.loaded, event.total);
      }
    };
    xhr.onprogress = () => {
      if (streaming()) {
        reader.read(xhr.responseText);
      }
    };
    xhr.onload = () => {
      if (streaming()) {
        reader.read(xhr.responseText, true);
        resolve();
      } else {
        reject(rejection(xhr));
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(uploadCancelled());
  });

  xhr.open('POST', api.activities.uploads.$url().pathname);
  xhr.withCredentials = true;
  xhr.setRequestHeader('accept', 'application/x-ndjson');
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
