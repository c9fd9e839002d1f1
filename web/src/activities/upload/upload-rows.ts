/**
 * The upload dialog's rows, one per file, as the server's live events move them on (spec §4
 * "Upload processing": Queued, Parsing, Saving, Complete or Already imported, Error), the closing
 * summary, and what each row's progress bar shows. Pure: the dialog holds the state.
 */
import type { UploadEvent, UploadFileState } from '../../../../core/activity/schemas.ts';

export interface FileRow {
  file: File;
  state: UploadFileState;
  /** 0..1 within the current state, when the server says. */
  progress: number | undefined;
  message: string | undefined;
  activityId: string | undefined;
  duplicate: boolean;
  /** Not imported: the file has no date; the dialog asks for its start. */
  needsDate: boolean;
  /** Its upload failed on the way (still after the retries): it can be sent again as it is. */
  retryable: boolean;
}

export interface UploadSummary {
  imported: number;
  duplicates: number;
  failed: number;
}

export const INTERRUPTED_MESSAGE = 'The upload ended before this file was processed.';

export function rowOf(file: File): FileRow {
  return {
    file,
    state: 'queued',
    progress: undefined,
    message: undefined,
    activityId: undefined,
    duplicate: false,
    needsDate: false,
    retryable: false,
  };
}

export const isFinal = (state: UploadFileState) => state === 'complete' || state === 'error';

/** `choosing`: the batch has not been sent yet, so a waiting file is "Ready" rather than "Queued". */
export function stateLabel(row: FileRow, choosing = false): string {
  switch (row.state) {
    case 'queued':
      return choosing ? 'Ready' : 'Queued';
    case 'parsing':
      return 'Parsing';
    case 'saving':
      return 'Saving';
    case 'complete':
      return row.duplicate ? 'Already imported' : 'Complete';
    case 'error':
      return 'Error';
  }
}

/** "2 imported, 1 failed." — only the counts that are not zero. */
export function summaryText({ imported, duplicates, failed }: UploadSummary): string {
  const parts = [
    imported > 0 ? `${imported} imported` : '',
    duplicates > 0 ? `${duplicates} already imported` : '',
    failed > 0 ? `${failed} failed` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join(', ')}.` : 'Nothing was imported.';
}

type FileEvent = Extract<UploadEvent, { kind: 'file' }>;

/** The rows after one file's event; what the event leaves out stays as it was. */
export function applyFileEvent(rows: readonly FileRow[], event: FileEvent): FileRow[] {
  return rows.map((row, index) =>
    index === event.index
      ? {
          ...row,
          state: event.state,
          progress: event.progress,
          message: event.message ?? row.message,
          activityId: event.activityId ?? row.activityId,
          duplicate: event.duplicate ?? row.duplicate,
          needsDate: event.needsDate ?? row.needsDate,
        }
      : row,
  );
}

/** The answer ended: a file the server never finished is an error with the interruption's text. */
export function interruptUnfinished(rows: readonly FileRow[]): FileRow[] {
  return failUnfinished(rows, INTERRUPTED_MESSAGE);
}

/**
 * The upload failed on the way (retries spent): each file not finished keeps `message` and can be
 * tried again.
 */
export function failUnfinished(rows: readonly FileRow[], message: string): FileRow[] {
  return rows.map((row) =>
    isFinal(row.state) ? row : { ...row, state: 'error', progress: undefined, message, retryable: true },
  );
}

export interface RowProgress {
  variant: 'determinate' | 'indeterminate';
  /** 0..100 */
  value: number;
}

/**
 * A finished file is full; a queued one shows how much of it was sent (`sent`, 0..1); a file being
 * parsed or saved shows the server's fraction, or moves without one.
 */
export function rowProgress(row: FileRow, sent: number): RowProgress {
  if (isFinal(row.state)) {
    return { variant: 'determinate', value: 100 };
  }
  if (row.state === 'queued') {
    return { variant: 'determinate', value: sent * 100 };
  }
  return row.progress === undefined
    ? { variant: 'indeterminate', value: 0 }
    : { variant: 'determinate', value: row.progress * 100 };
}

/** The whole request body's share sent, 0..100. */
export function sendingPercent(bytes: { loaded: number; total: number } | undefined): number {
  return bytes && bytes.total > 0 ? (bytes.loaded / bytes.total) * 100 : 0;
}

/**
 * The rows as shown: a file of an unsupported format fails on its own row with the spec's sentence
 * (`unsupported`, by position) before anything is sent; the other rows are as the server moved them.
 */
export function markUnsupported(rows: readonly FileRow[], unsupported: ReadonlyMap<number, string>): FileRow[] {
  return rows.map((row, index) => {
    const message = unsupported.get(index);
    return message === undefined ? row : { ...row, state: 'error', progress: undefined, message };
  });
}

/** The positions of the files that are sent (all but the unsupported ones), in order. */
export function sentPositions(count: number, unsupported: ReadonlyMap<number, string>): number[] {
  return Array.from({ length: count }, (_, index) => index).filter((index) => !unsupported.has(index));
}
