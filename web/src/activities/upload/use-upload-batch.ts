/**
 * One upload batch's state (spec §5 "Multi-file upload", §4 "Upload processing"): the chosen files
 * and the spec's batch checks, then the server's live events moving each file's row on while the
 * next files still proceed. Choosing files again replaces the batch. A file of an unsupported
 * format fails on its own row and is not sent; the others are. A rejected batch changes nothing on
 * the server and goes back to choosing with the reason. A 5xx, 408 or 429 answer is sent again on
 * the spec's back-off (core/activity/upload-retry.ts) while the dialog says so; once the retries are
 * spent, each unfinished file keeps the failure's sentence and can be tried again on its own.
 * Whatever happened, the activity queries are refreshed afterwards.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { UploadEvent } from '../../../../core/activity/schemas.ts';
import { checkUploadBatch } from '../../../../core/activity/upload-rules.ts';
import {
  isRetryableUploadStatus,
  withUploadRetries,
  type UploadRetryNotice,
} from '../../../../core/activity/upload-retry.ts';
import { runnerTimeZone } from '../../lib/time-zone.ts';
import {
  sentFractions,
  uploadActivityFiles,
  uploadFailureStatus,
  uploadRetryClock,
  type UploadRequest,
} from '../upload-activities.ts';
import {
  applyFileEvent,
  failUnfinished,
  type FileRow,
  interruptUnfinished,
  markUnsupported,
  rowOf,
  sentPositions,
  type UploadSummary,
} from './upload-rows.ts';
import { invalidateActivityData } from '../../lib/query-keys.ts';

export type UploadPhase = 'choosing' | 'uploading' | 'finished';

export function useUploadBatch() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<UploadPhase>('choosing');
  const [rows, setRows] = useState<FileRow[]>([]);
  const [bytes, setBytes] = useState<{ loaded: number; total: number }>();
  const [serverWarnings, setServerWarnings] = useState<string[]>([]);
  const [failure, setFailure] = useState<string>();
  const [summary, setSummary] = useState<UploadSummary>();
  const [retrying, setRetrying] = useState<UploadRetryNotice>();
  /** The rows of the files in the request being sent (the whole batch, or one tried again). */
  const [sendingRows, setSendingRows] = useState<readonly number[]>();
  const request = useRef<UploadRequest | null>(null);
  const cancel = useRef<AbortController | null>(null);

  const files = rows.map((row) => row.file);
  const check = checkUploadBatch(files);
  // The server numbers the files it is sent; `positions[i]` is the row of the i-th one sent.
  const positions = sentPositions(files.length, check.unsupported);
  const sentFiles = positions.map((position) => files[position] as File);

  const reset = () => {
    setPhase('choosing');
    setRows([]);
    setBytes(undefined);
    setServerWarnings([]);
    setFailure(undefined);
    setSummary(undefined);
    setRetrying(undefined);
    setSendingRows(undefined);
  };

  const addFiles = (added: File[]) => {
    setFailure(undefined);
    setRows(added.map(rowOf));
  };
  const removeFile = (index: number) => setRows((current) => current.filter((_, at) => at !== index));

  /** `sentRows[i]` is the row of the i-th file sent; the whole batch also counts its unsupported files. */
  const applyEvent = (event: UploadEvent, sentRows: readonly number[], wholeBatch: boolean) => {
    if (event.kind === 'accepted') {
      setServerWarnings(event.warnings);
    } else if (event.kind === 'file') {
      const row = sentRows[event.index];
      if (row !== undefined) {
        setRows((current) => applyFileEvent(current, { ...event, index: row }));
      }
    } else {
      const failed = event.failed + (wholeBatch ? check.unsupported.size : 0);
      setSummary({ imported: event.imported, duplicates: event.duplicates, failed });
    }
  };

  /** One file without any date, sent alone: the server asked for its start. */
  const askingDate = phase === 'finished' && rows.length === 1 && rows[0]?.needsDate === true;

  /** Sends the files of `sentRows`, again after a retryable failure until the retries are spent. */
  const send = async (sentRows: readonly number[], startDateLocal?: string) => {
    const asked = rows;
    const wholeBatch = sentRows.length === positions.length;
    const sending = sentRows.map((position) => files[position] as File);
    setPhase('uploading');
    setFailure(undefined);
    setSummary(undefined);
    setRetrying(undefined);
    setSendingRows(sentRows);
    setRows((current) => current.map((row, at) => (sentRows.includes(at) ? rowOf(row.file) : row)));
    const abort = new AbortController();
    cancel.current = abort;
    try {
      await withUploadRetries(
        () => {
          setBytes(undefined);
          setRetrying(undefined);
          const upload = uploadActivityFiles(
            sending,
            runnerTimeZone(),
            {
              onBytes: (loaded, total) => setBytes({ loaded, total }),
              onEvent: (event) => applyEvent(event, sentRows, wholeBatch),
            },
            startDateLocal,
          );
          request.current = upload;
          return upload.done;
        },
        {
          fileCount: sending.length,
          clock: uploadRetryClock,
          signal: abort.signal,
          statusOf: uploadFailureStatus,
          onRetry: (notice) => {
            setBytes(undefined);
            setRetrying(notice);
          },
        },
      );
      setRows(interruptUnfinished);
      setPhase('finished');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setBytes(undefined);
      if (isRetryableUploadStatus(uploadFailureStatus(error))) {
        // The retries are spent: each file keeps the failure's sentence and a "Try again".
        setRows((current) => failUnfinished(current, message));
        setPhase('finished');
      } else {
        setFailure(message);
        // A start the server refused: the question stays, with the reason above it.
        setRows(startDateLocal === undefined ? (current) => current.map((row) => rowOf(row.file)) : asked);
        setPhase(startDateLocal === undefined ? 'choosing' : 'finished');
      }
    } finally {
      setRetrying(undefined);
      request.current = null;
      cancel.current = null;
      await invalidateActivityData(queryClient);
    }
  };

  /** Sends the batch; `startDateLocal` sends the one file that had no date again, with its start. */
  const start = async (startDateLocal?: string) => {
    const ready = startDateLocal === undefined ? phase === 'choosing' : askingDate;
    if (check.error !== undefined || sentFiles.length === 0 || !ready) {
      return;
    }
    await send(positions, startDateLocal);
  };

  /** Sends one file again whose upload failed on the way. */
  const tryAgain = async (index: number) => {
    if (phase === 'finished' && rows[index]?.retryable === true) {
      await send([index]);
    }
  };

  const inRequest = phase !== 'choosing' && sendingRows ? sendingRows : positions;
  const sent = sentFractions(
    inRequest.map((position) => files[position] as File),
    bytes,
  );
  return {
    phase,
    rows: markUnsupported(rows, check.unsupported),
    bytes,
    failure,
    summary,
    checkError: check.error,
    /** Something can be sent: no batch error and at least one supported file. */
    canUpload: check.error === undefined && sentFiles.length > 0,
    warnings: [...new Set([...check.warnings, ...serverWarnings])],
    sent: files.map((_, index) => {
      const at = inRequest.indexOf(index);
      return at === -1 ? 0 : (sent[at] ?? 0);
    }),
    askingDate,
    retrying,
    addFiles,
    removeFile,
    start,
    tryAgain,
    abort: () => {
      cancel.current?.abort();
      request.current?.abort();
    },
    reset,
  };
}
