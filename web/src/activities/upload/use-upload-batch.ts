/**
 * One upload batch's state (spec §5 "Multi-file upload", §4 "Upload processing"): the chosen files
 * and the spec's batch checks, then the server's live events moving each file's row on while the
 * next files still proceed. Choosing files again replaces the batch. A file of an unsupported
 * format fails on its own row and is not sent; the others are. A rejected batch changes nothing on
 * the server and goes back to choosing with the reason. Whatever happened, the activity queries are refreshed afterwards.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { UploadEvent } from '../../../../core/activity/schemas.ts';
import { checkUploadBatch } from '../../../../core/activity/upload-rules.ts';
import { runnerTimeZone } from '../../lib/time-zone.ts';
import { sentFractions, uploadActivityFiles, type UploadRequest } from '../upload-activities.ts';
import {
  applyFileEvent,
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
  const request = useRef<UploadRequest | null>(null);

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
  };

  const addFiles = (added: File[]) => {
    setFailure(undefined);
    setRows(added.map(rowOf));
  };
  const removeFile = (index: number) => setRows((current) => current.filter((_, at) => at !== index));

  const applyEvent = (event: UploadEvent) => {
    if (event.kind === 'accepted') {
      setServerWarnings(event.warnings);
    } else if (event.kind === 'file') {
      const row = positions[event.index];
      if (row !== undefined) {
        setRows((current) => applyFileEvent(current, { ...event, index: row }));
      }
    } else {
      const failed = event.failed + check.unsupported.size;
      setSummary({ imported: event.imported, duplicates: event.duplicates, failed });
    }
  };

  /** One file without any date, sent alone: the server asked for its start. */
  const askingDate = phase === 'finished' && rows.length === 1 && rows[0]?.needsDate === true;

  /** Sends the batch; `startDateLocal` sends the one file that had no date again, with its start. */
  const start = async (startDateLocal?: string) => {
    const ready = startDateLocal === undefined ? phase === 'choosing' : askingDate;
    if (check.error !== undefined || sentFiles.length === 0 || !ready) {
      return;
    }
    const asked = rows;
    setPhase('uploading');
    setFailure(undefined);
    setSummary(undefined);
    setRows((current) => current.map((row) => rowOf(row.file)));
    const upload = uploadActivityFiles(
      sentFiles,
      runnerTimeZone(),
      { onBytes: (loaded, total) => setBytes({ loaded, total }), onEvent: applyEvent },
      startDateLocal,
    );
    request.current = upload;
    try {
      await upload.done;
      setRows(interruptUnfinished);
      setPhase('finished');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setBytes(undefined);
      // A start the server refused: the question stays, with the reason above it.
      setRows(startDateLocal === undefined ? (current) => current.map((row) => rowOf(row.file)) : asked);
      setPhase(startDateLocal === undefined ? 'choosing' : 'finished');
    } finally {
      request.current = null;
      await invalidateActivityData(queryClient);
    }
  };

  const sent = sentFractions(sentFiles, bytes);
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
      const at = positions.indexOf(index);
      return at === -1 ? 0 : (sent[at] ?? 0);
    }),
    askingDate,
    addFiles,
    removeFile,
    start,
    abort: () => request.current?.abort(),
    reset,
  };
}
