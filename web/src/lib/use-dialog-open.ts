/**
 * Whether a dialog is open on the page. MUI renders every dialog in a portal under <body> and marks a
 * closed one kept in the page with `MuiModal-hidden`, so the page's DOM answers it; a MutationObserver
 * re-reads it when that changes.
 */
import { useSyncExternalStore } from 'react';

const OPEN_DIALOG = '.MuiDialog-root:not(.MuiModal-hidden)';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

function dialogOpen(): boolean {
  return document.querySelector(OPEN_DIALOG) !== null;
}

export function useDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, dialogOpen, () => false);
}
