/**
 * Titles for the activity screens, which the spec §2 table does not list (it would give them the
 * fallback "Stride Running Hub"): the list is "Activities", one activity "Activity".
 */
export function activitiesPageTitle(pathname: string): string | undefined {
  const normalised = pathname.replace(/\/+$/, '');
  if (normalised === '/activities') {
    return 'Activities';
  }
  if (/^\/activities\/[^/]+$/.test(normalised)) {
    return 'Activity';
  }
  return undefined;
}
