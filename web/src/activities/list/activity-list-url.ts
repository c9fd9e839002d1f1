/**
 * The activity list's state as the URL carries it, so a reload or a shared link shows the same
 * list: the filters (spec §5 "Activity list filters": exact type, source, an inclusive range of
 * local dates), the name search, the order (a column header and its direction), the page number and
 * the view (list or month calendar); and the server query they make.
 */
import { UPLOAD_ACTIVITY_TYPES, type UploadActivityType } from '../../../../core/activity/parsed.ts';
import {
  ACTIVITY_LIST_PAGE_MAX,
  ACTIVITY_LIST_SORTS,
  ACTIVITY_LIST_SOURCES,
  ACTIVITY_PAGE_SIZE,
  DEFAULT_SORT_ORDER,
  SORT_ORDERS,
  type ActivityListQuery,
  type ActivityListSort,
  type SortOrder,
} from '../../../../core/activity/schemas.ts';

export type ListSource = (typeof ACTIVITY_LIST_SOURCES)[number];
export const LIST_VIEWS = ['list', 'calendar'] as const;
export type ListView = (typeof LIST_VIEWS)[number];

/** What narrows the list; a change of any starts again at the first page. */
const LIST_FILTER_KEYS = ['type', 'source', 'from', 'to', 'q'] as const;
/** What a change of filters keeps: how the list is shown. */
const LIST_SHOW_KEYS = ['sort', 'order', 'view', 'month'] as const;
export type ListFilterChanges = Partial<Record<(typeof LIST_FILTER_KEYS)[number], string | undefined>>;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const isoMonth = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface ActivityListUrl {
  type: UploadActivityType | undefined;
  source: ListSource | undefined;
  /** The date fields as typed (possibly incomplete); only whole days reach the query. */
  from: string;
  to: string;
  /** The search as typed. */
  q: string;
  sort: ActivityListSort;
  order: SortOrder;
  /** 1-based. */
  page: number;
  view: ListView;
  /** The calendar's month, YYYY-MM, when the URL names one. */
  month: string | undefined;
  query: ActivityListQuery;
  /** Any filter or search narrows the list. */
  filtered: boolean;
  /** Both dates are whole days and the start is after the end. */
  rangeReversed: boolean;
}

function pick<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

export function readActivityListUrl(params: URLSearchParams): ActivityListUrl {
  const type = pick(UPLOAD_ACTIVITY_TYPES, params.get('type'));
  const source = pick(ACTIVITY_LIST_SOURCES, params.get('source'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const q = params.get('q') ?? '';
  const sort = pick(ACTIVITY_LIST_SORTS, params.get('sort')) ?? 'date';
  const order = pick(SORT_ORDERS, params.get('order')) ?? DEFAULT_SORT_ORDER[sort];
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, ACTIVITY_LIST_PAGE_MAX) : 1;
  const month = params.get('month') ?? '';
  const search = q.trim();
  const query: ActivityListQuery = {
    type,
    source,
    from: isoDay.test(from) ? from : undefined,
    to: isoDay.test(to) ? to : undefined,
    q: search === '' ? undefined : search,
    sort,
    order,
    page,
    limit: ACTIVITY_PAGE_SIZE,
  };
  return {
    type,
    source,
    from,
    to,
    q,
    sort,
    order,
    page,
    view: pick(LIST_VIEWS, params.get('view')) ?? 'list',
    month: isoMonth.test(month) ? month : undefined,
    query,
    filtered: Boolean(type ?? source ?? query.from ?? query.to ?? query.q),
    rangeReversed: query.from !== undefined && query.to !== undefined && query.from > query.to,
  };
}

/** The current URL's values of `keys`, leaving out empty ones. */
function kept(current: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const next: Record<string, string> = {};
  for (const key of keys) {
    const value = current.get(key);
    if (value) {
      next[key] = value;
    }
  }
  return next;
}

/** The URL's filters with `changes` applied, back at the first page; empty values are left out. */
export function filterParams(current: URLSearchParams, changes: ListFilterChanges): Record<string, string> {
  const next: Record<string, string> = {};
  for (const key of LIST_FILTER_KEYS) {
    const value = key in changes ? changes[key] : (current.get(key) ?? undefined);
    if (value) {
      next[key] = value;
    }
  }
  return { ...next, ...kept(current, LIST_SHOW_KEYS) };
}

/** No filters and no search, the order and the view kept. */
export function clearedParams(current: URLSearchParams): Record<string, string> {
  return kept(current, LIST_SHOW_KEYS);
}

/**
 * A click on a column header: the same column turns its direction round, another column starts
 * in its own first direction (newest, longest, fastest first); either way from the first page.
 */
export function sortParams(current: URLSearchParams, sort: ActivityListSort): Record<string, string> {
  const now = readActivityListUrl(current);
  const order = now.sort === sort ? (now.order === 'asc' ? 'desc' : 'asc') : DEFAULT_SORT_ORDER[sort];
  const next = { ...kept(current, [...LIST_FILTER_KEYS, 'view', 'month']), sort, order };
  return next;
}

/** Another page of the same list. */
export function pageParams(current: URLSearchParams, page: number): Record<string, string> {
  const next = kept(current, [...LIST_FILTER_KEYS, ...LIST_SHOW_KEYS]);
  return page > 1 ? { ...next, page: String(page) } : next;
}

/** The list or the calendar (of `month`, YYYY-MM, when given), with everything else kept. */
export function viewParams(current: URLSearchParams, view: ListView, month?: string): Record<string, string> {
  const next = kept(current, [...LIST_FILTER_KEYS, 'sort', 'order']);
  if (view === 'list') {
    return next;
  }
  const shownMonth = month ?? current.get('month');
  return shownMonth ? { ...next, view, month: shownMonth } : { ...next, view };
}

/** The rows a page shows, "first–last", counted from 1 across pages. */
export function pageRange(page: number, itemCount: number): { first: number; last: number } {
  const first = (page - 1) * ACTIVITY_PAGE_SIZE + 1;
  return { first, last: first + itemCount - 1 };
}

/** How many pages `total` rows fill (at least one). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
}
