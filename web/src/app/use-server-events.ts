/**
 * The signed-in user's live events from GET /api/events (Server-Sent Events). Each event's data is
 * checked with its schema from core/events.ts (a malformed one is logged and dropped) and handed to
 * applyServerEvent. After a reconnection what the gap changed is reloaded. A stream the server
 * closes as superseded (the same runner opened more elsewhere) stays closed until the tab is shown
 * again, so two tabs never take turns forever.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  parseServerEvent,
  SERVER_EVENT_TYPES,
  STREAM_READY_EVENT,
  STREAM_SUPERSEDED_EVENT,
} from '../../../core/events.ts';
import { applyServerEvent, refreshAfterReconnect, type Celebrate } from './server-events.ts';

const EVENTS_PATH = '/api/events';
/** EventSource retries by itself after a dropped connection, but not after a refused one. */
const EVENTS_REOPEN_MS = 15_000;

export function useServerEvents(userId: string, queryClient: QueryClient, celebrate: Celebrate): void {
  useEffect(() => {
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let connectedBefore = false;
    let superseded = false;
    const open = () => {
      source = new EventSource(EVENTS_PATH);
      source.addEventListener(STREAM_READY_EVENT, () => {
        if (connectedBefore) {
          refreshAfterReconnect(queryClient);
        }
        connectedBefore = true;
      });
      for (const type of SERVER_EVENT_TYPES) {
        source.addEventListener(type, (message: MessageEvent<string>) => {
          const parsed = parseServerEvent(type, message.data);
          if (parsed.ok) {
            applyServerEvent(parsed.event, queryClient, celebrate);
          } else {
            console.warn(parsed.problem, message.data);
          }
        });
      }
      source.addEventListener(STREAM_SUPERSEDED_EVENT, () => {
        source?.close();
        superseded = true;
      });
      source.addEventListener('error', () => {
        if (source?.readyState === EventSource.CLOSED && !superseded) {
          reopen = setTimeout(open, EVENTS_REOPEN_MS);
        }
      });
    };
    const reopenWhenShown = () => {
      if (superseded && document.visibilityState === 'visible') {
        superseded = false;
        open();
      }
    };
    document.addEventListener('visibilitychange', reopenWhenShown);
    open();
    return () => {
      document.removeEventListener('visibilitychange', reopenWhenShown);
      clearTimeout(reopen);
      source?.close();
    };
  }, [userId, queryClient, celebrate]);
}
