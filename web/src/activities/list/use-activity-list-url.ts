/**
 * The activity list's URL state as a hook: the filters (a new filter starts again at the first
 * page) and the pager (earlier pages' cursors in the history entry's state).
 */
import { useLocation, useSearchParams } from 'react-router';
import {
  filterParams,
  type ListFilterChanges,
  type ListHistoryState,
  readActivityListUrl,
} from './activity-list-url.ts';

export function useActivityListUrl() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const url = readActivityListUrl(params);
  const previousCursors = (location.state as ListHistoryState | null)?.previousCursors ?? [];

  // From the URL as it is now, not as this render saw it: two quick edits must both stick.
  const setFilter = (changes: ListFilterChanges) =>
    setParams((current) => filterParams(current, changes), { replace: true });
  const clearFilters = () => setParams({}, { replace: true });

  const goNext = (nextCursor: string) =>
    setParams(
      { ...filterParams(params, {}), cursor: nextCursor, page: String(url.page + 1) },
      { state: { previousCursors: [...previousCursors, url.cursor ?? ''] } satisfies ListHistoryState },
    );
  const goPrevious = () => {
    const previous = previousCursors.at(-1);
    // Without the history state (a reloaded deep page) the way back is the first page.
    const target: Record<string, string> = previous ? { cursor: previous, page: String(url.page - 1) } : {};
    setParams(
      { ...filterParams(params, {}), ...target },
      { state: { previousCursors: previous ? previousCursors.slice(0, -1) : [] } satisfies ListHistoryState },
    );
  };
  return { ...url, setFilter, clearFilters, goNext, goPrevious };
}
