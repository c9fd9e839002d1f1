/**
 * Whether a dialog is open on the page. MUI renders every dialog in a portal that is a child of <body>
 * and removes it once closed (no Stride dialog is kept mounted), so watching <body>'s own children is
 * enough: the rest of the page's changes never wake this.
 */
import { useSyncExternalStore } from 'react';

const OPEN_DIALOG = 'body > .MuiDialog-root';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true });
  return () => observer.disconnect();
}

function dialogOpen(): boolean {
  return document.querySelector(OPEN_DIALOG) !== null;
}

export function useDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, dialogOpen, () => false);
}
