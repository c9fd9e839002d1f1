/**
 * The one "Activity deleted · Undo" offer of the app: the screen that deleted an activity sets it
 * and leaves; the layout's snackbar (ActivityUndoSnackbar) shows it wherever the runner lands. A
 * newer deletion replaces an older offer.
 */
import { useSyncExternalStore } from 'react';

export interface UndoOffer {
  activityId: string;
  /** Tells one offer from the next, so that a second deletion restarts the snackbar's time. */
  serial: number;
}

let offer: UndoOffer | null = null;
let serial = 0;
const listeners = new Set<() => void>();

function set(next: UndoOffer | null): void {
  offer = next;
  for (const listener of listeners) {
    listener();
  }
}

export function offerUndo(activityId: string): void {
  serial += 1;
  set({ activityId, serial });
}

export function clearUndoOffer(): void {
  set(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUndoOffer(): UndoOffer | null {
  return useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );
}
