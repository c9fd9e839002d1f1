/**
 * A screen whose title comes from its data (the public profile's runner name) claims the document
 * title here; the shell's per-path title (spec §2 table) gives way while the claim lasts.
 */
import { useEffect } from 'react';

let claimed: string | null = null;

/** The title a mounted screen claimed, if any. */
export function claimedPageTitle(): string | null {
  return claimed;
}

/** Sets the document title while the screen is mounted and `title` is not null. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) {
      return undefined;
    }
    claimed = title;
    document.title = title;
    return () => {
      claimed = null;
    };
  }, [title]);
}
