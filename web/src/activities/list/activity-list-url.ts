/**
 * The activity list's filters and page as the URL carries them (spec §5 "Activity list filters":
 * exact type, source, an inclusive range of local dates), and the server query they make. The
 * cursors of earlier pages ride in the history entry's state, so Back from an activity returns to
 * the same page.
 */
import { UPLOAD_ACTIVITY_TYPES, type UploadActivityType } from '../../../../core/activity/parsed.ts';
import {
  ACTIVITY_LIST_SOURCES,
  ACTIVITY_PAGE_SIZE,
  type ActivityListQuery,
} from '../../../../core/activity/schemas.ts';

export type ListSource = (typeof ACTIVITY_LIST_SOURCES)[number];

export interface ListHistoryState {
  /** The cursor of every page before this one; '' stands for the first page. */
  previousCursors?: string[];
}

const LIST_FILTER_KEYS = ['type', 'source', 'from', 'to'] as const;
export type ListFilterChanges = Partial<Record<(typeof LIST_FILTER_KEYS)[number], string | undefined>>;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

export interface ActivityListUrl {
  type: UploadActivityType | undefined;
  source: ListSource | undefined;
  /** The date fields as typed (possibly incomplete); only whole days reach the query. */
  from: string;
  to: string;
  cursor: string | undefined;
  /** 1-based; a page with a cursor is at least the second. */
  page: number;
  query: ActivityListQuery;
  /** Any filter narrows the list. */
  filtered: boolean;
  /** Both dates are whole days and the start is after the end. */
  rangeReversed: boolean;
}

export function readActivityListUrl(params: URLSearchParams): ActivityListUrl {
  const type = UPLOAD_ACTIVITY_TYPES.find((value) => value === params.get('type'));
  const source = ACTIVITY_LIST_SOURCES.find((value) => value === params.get('source'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const cursor = params.get('cursor') ?? undefined;
  const query: ActivityListQuery = {
    type,
    source,
    from: isoDay.test(from) ? from : undefined,
    to: isoDay.test(to) ? to : undefined,
    cursor,
    limit: ACTIVITY_PAGE_SIZE,
  };
  return {
    type,
    source,
    from,
    to,
    cursor,
    page: cursor ? Math.max(2, Number(params.get('page')) || 2) : 1,
    query,
    filtered: Boolean(type ?? source ?? query.from ?? query.to),
    rangeReversed: query.from !== undefined && query.to !== undefined && query.from > query.to,
  };
}

/** The URL's filters with `changes` applied; empty values are left out. */
export function filterParams(current: URLSearchParams, changes: ListFilterChanges): Record<string, string> {
  const next: Record<string, string> = {};
  for (const key of LIST_FILTER_KEYS) {
    const value = key in changes ? changes[key] : (current.get(key) ?? undefined);
    if (value) {
      next[key] = value;
    }
  }
  return next;
}

/** The rows a page shows, "first–last", counted from 1 across pages. */
export function pageRange(page: number, itemCount: number): { first: number; last: number } {
  const first = (page - 1) * ACTIVITY_PAGE_SIZE + 1;
  return { first, last: first + itemCount - 1 };
}
