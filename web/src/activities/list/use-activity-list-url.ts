/**
 * The activity list's URL state as a hook: filters and search replace the current history entry
 * (typing is not a trail of Back steps) and start again at the first page; the order, the page
 * and the view are new entries, so Back returns to them. A new page scrolls to the top.
 */
import { useSearchParams } from 'react-router';
import type { ActivityListSort } from '../../../../core/activity/schemas.ts';
import {
  clearedParams,
  filterParams,
  type ListFilterChanges,
  type ListView,
  pageParams,
  readActivityListUrl,
  sortParams,
  viewParams,
} from './activity-list-url.ts';

export function useActivityListUrl() {
  const [params, setParams] = useSearchParams();
  const url = readActivityListUrl(params);

  // From the URL as it is now, not as this render saw it: two quick edits must both stick.
  const setFilter = (changes: ListFilterChanges) =>
    setParams((current) => filterParams(current, changes), { replace: true });
  const clearFilters = () => setParams((current) => clearedParams(current), { replace: true });
  const setSort = (sort: ActivityListSort) => setParams((current) => sortParams(current, sort));
  const goToPage = (page: number) => {
    setParams((current) => pageParams(current, page));
    window.scrollTo({ top: 0 });
  };
  const setView = (view: ListView, month?: string) => setParams((current) => viewParams(current, view, month));
  return { ...url, setFilter, clearFilters, setSort, goToPage, setView };
}
