/**
 * Page views (spec §2: "Each route change is reported to analytics"): the web app counts each
 * screen a signed-in runner opens, by its route pattern (/activities/:id, never an activity's id),
 * and sends the counts in batches to Stride's own server, which keeps one count per runner and
 * screen. Nothing else of a visit is kept (no time, no address, no query string), and nothing goes
 * to a third party. My Stride shows the runner's most visited screens.
 */
import {
  FALLBACK_PAGE_TITLE,
  FITNESS_CALLBACK_PATHS,
  GUARDED_LAYOUT_PATHS,
  NAV_ENTRIES,
  OPEN_LAYOUT_PATHS,
  PAGE_TITLES,
  PUBLIC_PATHS,
} from './product.ts';

/** The patterns of the routes with a parameter. */
export const ACTIVITY_PAGE_PATTERN = '/activities/:id';
export const PUBLIC_PROFILE_PAGE_PATTERN = '/:username';

/** Every screen a page view may name: the app's route table (spec §2), by pattern. */
export const PAGE_VIEW_PATTERNS = [
  ...PUBLIC_PATHS,
  ...GUARDED_LAYOUT_PATHS,
  ...OPEN_LAYOUT_PATHS,
  ...FITNESS_CALLBACK_PATHS,
  '/activities',
  ACTIVITY_PAGE_PATTERN,
  PUBLIC_PROFILE_PAGE_PATTERN,
] as const;
export type PageViewPattern = (typeof PAGE_VIEW_PATTERNS)[number];

const STATIC_PATTERNS: ReadonlySet<string> = new Set(PAGE_VIEW_PATTERNS.filter((pattern) => !pattern.includes(':')));

/**
 * The route pattern a path shows, as the router matches it; null for a path of several segments
 * that no route names (the app shows "nothing here" there, which is not counted).
 */
export function pageViewPattern(pathname: string): PageViewPattern | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (STATIC_PATTERNS.has(path)) {
    return path;
  }
  if (/^\/activities\/[^/]+$/.test(path)) {
    return ACTIVITY_PAGE_PATTERN;
  }
  if (/^\/[^/]+$/.test(path)) {
    return PUBLIC_PROFILE_PAGE_PATTERN;
  }
  return null;
}

/** Names of the screens the spec §2 title table leaves to the fallback. */
const OWN_SCREEN_TITLES: Readonly<Record<string, string>> = {
  '/activities': 'Activities',
  [ACTIVITY_PAGE_PATTERN]: 'Activity',
  [PUBLIC_PROFILE_PAGE_PATTERN]: 'Public profiles',
  '/charts': 'Charts',
  '/success': 'Subscription confirmed',
};

/**
 * A screen's name on My Stride: its spec §2 page title, else its sidebar label, else Stride's own
 * name for it, else the spec's fallback title.
 */
export function screenTitle(pattern: string): string {
  return (
    PAGE_TITLES[pattern] ??
    NAV_ENTRIES.find((entry) => entry.path === pattern)?.label ??
    OWN_SCREEN_TITLES[pattern] ??
    FALLBACK_PAGE_TITLE
  );
}

/** The browser's queue: views per batch, the flush interval, and how many wait at most. */
export const PAGE_VIEW_BATCH_SIZE = 50;
export const PAGE_VIEW_FLUSH_INTERVAL_MS = 30_000;
export const PAGE_VIEWS_KEPT = 200;
/**
 * The server's side: page-view requests per minute from one runner, from one client address (new
 * accounts made from one address share it), and from everyone together on one app server (the
 * default of PAGE_VIEW_REQUESTS_TOTAL: a browser sends at most two a minute).
 */
export const PAGE_VIEW_REQUESTS_PER_MINUTE = 20;
export const PAGE_VIEW_REQUESTS_PER_ADDRESS_PER_MINUTE = 30;
export const PAGE_VIEW_REQUESTS_PER_MINUTE_TOTAL = 1_200;
/** My Stride lists this many of the most visited screens. */
export const MOST_VISITED_SCREENS = 5;

export const PAGE_VIEW_MESSAGES = {
  unknownScreen: "Not one of Stride's screens: send the route pattern, such as /activities/:id.",
  emptyBatch: 'Send at least one page view.',
  tooMany: `Send at most ${PAGE_VIEW_BATCH_SIZE} page views at a time.`,
} as const;
