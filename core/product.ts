/**
 * Product identity and the shell's constants (spec §1, §2, §9; DESIGN.md "product name placeholders").
 * Everything the server and the web app must agree on about names, routes and titles lives here once.
 */

export const PRODUCT_NAME = 'Stride';
export const TAGLINE = 'Personalized Running Hub';
/** Spec §1: the greeting falls back to "Runner" when no first name is known. */
export const GREETING_FALLBACK = 'Runner';
export const LOADING_OVERLAY_TEXT = `Loading ${PRODUCT_NAME}...`;
export const FALLBACK_PAGE_TITLE = `${PRODUCT_NAME} Running Hub`;
export const PERSONAL_PAGE_PATH = `/my-${PRODUCT_NAME.toLowerCase()}`;
export const PERSONAL_PAGE_LABEL = `My ${PRODUCT_NAME}`;

/** The sidebar's width on wide screens (spec §9). */
export const DRAWER_WIDTH_PX = 280;
/** The loading overlay gives way after this long even if authentication has not answered (spec §2, §9). */
export const APP_LOAD_FAILSAFE_MS = 2000;
/** A lazily loaded page's code that has not arrived after this long is a load error (spec §2, §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** After a logout the app waits this long before going to /login (spec §2, §9). */
export const LOGOUT_NAVIGATION_DELAY_MS = 100;

/** Spec §2, "Page titles tracked per path". Paths not listed get {@link FALLBACK_PAGE_TITLE}. */
export const PAGE_TITLES: Readonly<Record<string, string>> = {
  '/': 'Dashboard',
  '/calculators': 'Distance & Time Calculators',
  '/water': 'Water Bottles (Trophy Case)',
  '/account': 'Account Settings',
  '/run-planner': 'Run Planner',
  '/training-goals': 'Goals & Training',
  '/login': 'Login',
  '/register': 'Register',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
  '/data-deletion-policy': 'Data Deletion Policy',
};

export function pageTitleForPath(pathname: string): string {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_TITLES[normalised] ?? FALLBACK_PAGE_TITLE;
}

export interface NavEntry {
  readonly label: string;
  readonly path: string;
}

/** Spec §2, "Sidebar navigation entries in order". */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: PERSONAL_PAGE_LABEL, path: PERSONAL_PAGE_PATH },
  { label: 'Dashboard', path: '/dashboard' },
  { label: 'Training & Goals', path: '/training-goals' },
  { label: 'Route Planner', path: '/run-planner' },
  { label: 'Pace Calculators', path: '/calculators' },
  { label: 'Medals', path: '/medals' },
  { label: 'Account', path: '/account' },
];

/**
 * Pages the sidebar reaches as sub-entries of one of the spec's seven entries (shown indented under
 * it, the seven keeping their order): Activities and Charts under Dashboard.
 */
export const NAV_SUB_ENTRIES: Readonly<Record<string, readonly NavEntry[]>> = {
  '/dashboard': [
    { label: 'Activities', path: '/activities' },
    { label: 'Charts', path: '/charts' },
  ],
};

/** Spec §2: public routes, and the paths of the sidebar layout (guarded or not). */
export const PUBLIC_PATHS = [
  '/login',
  '/register',
  '/privacy-policy',
  '/terms-of-service',
  '/data-deletion-policy',
  '/success',
] as const;

export const GUARDED_LAYOUT_PATHS = [
  '/',
  '/dashboard',
  '/training-goals',
  '/charts',
  '/medals',
  '/water',
  '/account',
  PERSONAL_PAGE_PATH,
  '/debug/prime-weather',
] as const;

export const OPEN_LAYOUT_PATHS = ['/run-planner', '/calculators'] as const;

/** The fitness service's two callback routes (spec §2): "/{service}/callback" and "/{service}-callback". */
export const FITNESS_SERVICE_SLUG = 'strava';
export const FITNESS_CALLBACK_PATHS = [
  `/${FITNESS_SERVICE_SLUG}/callback`,
  `/${FITNESS_SERVICE_SLUG}-callback`,
] as const;
