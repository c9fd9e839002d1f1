/**
 * The archive import of the upload screen: the ZIP is sent as the raw body of
 * POST /api/activities/archive-imports (XMLHttpRequest, for its byte progress), then the latest
 * import is read with GET while it runs — every 2 s, and at once on each `archive-import` live
 * event — until its per-file report is complete.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { archiveImportSchema, type ArchiveImport, type ArchiveProgress } from '../../../core/activity/archive-api.ts';
import { api, apiErrorFrom, ApiError, networkError, offlineWriteError, unwrap } from '../api/client.ts';
import { ARCHIVE_IMPORT_QUERY_KEY, invalidateActivityData } from '../lib/query-keys.ts';

/** How often a running import is read again when no live event comes. */
export const ARCHIVE_POLL_MS = 2000;

export function isArchiveRunning(progress: Pick<ArchiveProgress, 'status'> | null | undefined): boolean {
  return progress?.status === 'queued' || progress?.status === 'running';
}

/** The runner's latest import, or null before the first. */
async function fetchLatestArchive(): Promise<ArchiveImport | null> {
  try {
    return await unwrap(api.activities['archive-imports'].$get());
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return null;
    }
    throw error;
  }
}

export function useLatestArchiveImport(enabled: boolean) {
  return useQuery({
    queryKey: ARCHIVE_IMPORT_QUERY_KEY,
    queryFn: fetchLatestArchive,
    enabled,
    refetchInterval: (query) => (isArchiveRunning(query.state.data) ? ARCHIVE_POLL_MS : false),
  });
}

/** An `archive-import` event: the counts move at once; the report is read again; the end refreshes every list. */
export function applyArchiveProgress(queryClient: QueryClient, progress: ArchiveProgress): void {
  queryClient.setQueryData<ArchiveImport | null>(ARCHIVE_IMPORT_QUERY_KEY, (current) =>
    current && current.id === progress.id ? { ...current, ...progress } : current,
  );
  void queryClient.invalidateQueries({ queryKey: ARCHIVE_IMPORT_QUERY_KEY });
  if (!isArchiveRunning(progress)) {
    void invalidateActivityData(queryClient);
  }
}

export interface ArchiveUpload {
  /** The queued import (202); rejects with an ApiError carrying the server's sentence. */
  done: Promise<ArchiveImport>;
  abort: () => void;
}

export function uploadArchive(
  file: File,
  timeZone: string | undefined,
  onBytes: (loaded: number, total: number) => void,
): ArchiveUpload {
  if (!navigator.onLine) {
    return { done: Promise.reject(offlineWriteError()), abort: () => undefined };
  }
  const xhr = new XMLHttpRequest();
  const query = new URLSearchParams({ name: file.name });
  if (timeZone !== undefined) {
    query.set('timeZone', timeZone);
  }
  const done = new Promise<ArchiveImport>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onBytes(event.loaded, event.total);
      }
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's page): the status line says enough.
      }
      const parsed = xhr.status === 202 ? archiveImportSchema.safeParse(body) : undefined;
      if (parsed?.success) {
        resolve(parsed.data);
      } else {
        reject(apiErrorFrom(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new ApiError(0, { type: 'user_action_error', message: 'Upload cancelled.' }));
  });
  xhr.open('POST', `${api.activities['archive-imports'].$url().pathname}?${query.toString()}`);
  xhr.withCredentials = true;
  xhr.setRequestHeader('content-type', 'application/zip');
  xhr.send(file);
  return { done, abort: () => xhr.abort() };
}
