/**
 * Which sidebar entry a path belongs to: an entry holds its own path and everything under it;
 * Dashboard also holds "/" and Medals also "/water" (the routes that show the same screens).
 */
const ALSO_UNDER: Readonly<Record<string, readonly string[]>> = {
  '/dashboard': ['/'],
  '/medals': ['/water'],
};

export function isNavEntryActive(entryPath: string, pathname: string): boolean {
  if (entryPath in ALSO_UNDER) {
    return pathname === entryPath || (ALSO_UNDER[entryPath] ?? []).includes(pathname);
  }
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}
