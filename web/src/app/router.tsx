/**
 * Every route of spec §2. Public routes stand alone; the sidebar layout holds the guarded routes
 * and the two open ones (run planner, calculators); any other single segment is a public profile.
 */
import { createBrowserRouter, Outlet, useLocation, useNavigate } from 'react-router';
import { Suspense, useEffect, useRef, type ReactElement } from 'react';
import {
  FITNESS_CALLBACK_PATHS,
  GUARDED_LAYOUT_PATHS,
  OPEN_LAYOUT_PATHS,
  PERSONAL_PAGE_PATH,
  PUBLIC_PATHS,
  pageTitleForPath,
} from '../../../core/product.ts';
import { activitiesPageTitle } from '../activities/page-titles.ts';
import { useSession, useSessionKeeper } from '../lib/auth/session.ts';
import { useSessionEnd } from '../lib/auth/session-end.ts';
import { lazyPage } from '../lib/lazy-page.ts';
import { claimedPageTitle } from '../lib/page-title.ts';
import { LoadingOverlay, LoadingScreen } from './LoadingOverlay.tsx';
import { pageViews } from '../analytics/page-view-reporting.ts';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';

/**
 * The sidebar layout (navigation drawer, live events, medal celebrations) loads with the first page
 * inside it, so the sign-in and registration pages do not download the signed-in app.
 */
const SidebarLayout = lazyPage(() =>
  import('./SidebarLayout.tsx').then((module) => ({ default: module.SidebarLayout })),
);
const LoginPage = lazyPage(() => import('../pages/auth/LoginPage.tsx'));
const RegisterPage = lazyPage(() => import('../pages/auth/RegisterPage.tsx'));
const DashboardPage = lazyPage(() => import('../pages/DashboardPage.tsx'));
const AccountPage = lazyPage(() => import('../pages/AccountPage.tsx'));
const PublicProfilePage = lazyPage(() => import('../pages/PublicProfilePage.tsx'));
const PrivacyPolicyPage = lazyPage(() => import('../pages/legal/PrivacyPolicyPage.tsx'));
const TermsOfServicePage = lazyPage(() => import('../pages/legal/TermsOfServicePage.tsx'));
const DataDeletionPolicyPage = lazyPage(() => import('../pages/legal/DataDeletionPolicyPage.tsx'));
const UpcomingPage = lazyPage(() => import('../pages/UpcomingPage.tsx'));
const ActivitiesPage = lazyPage(() => import('../pages/ActivitiesPage.tsx'));
const ActivityDetailPage = lazyPage(() => import('../pages/ActivityDetailPage.tsx'));
const MedalsPage = lazyPage(() => import('../pages/MedalsPage.tsx'));
const MyStridePage = lazyPage(() => import('../pages/MyStridePage.tsx'));
const RunPlannerPage = lazyPage(() => import('../pages/RunPlannerPage.tsx'));
const CalculatorsPage = lazyPage(() => import('../calculators/CalculatorsPage.tsx'));
const ChartsPage = lazyPage(() => import('../pages/ChartsPage.tsx'));
const TrainingGoalsPage = lazyPage(() => import('../pages/TrainingGoalsPage.tsx'));
const StravaCallbackPage = lazyPage(() => import('../pages/StravaCallbackPage.tsx'));
const PrimeWeatherPage = lazyPage(() => import('../weather/PrimeWeatherPage.tsx'));
const SuccessPage = lazyPage(() => import('../pages/SuccessPage.tsx'));
const AuthActionPage = lazyPage(() => import('../pages/auth/AuthActionPage.tsx'));
const ForgotPasswordPage = lazyPage(() =>
  import('../pages/auth/EmailLinkRequestPage.tsx').then((module) => ({ default: module.ForgotPasswordPage })),
);
const SignInLinkPage = lazyPage(() =>
  import('../pages/auth/EmailLinkRequestPage.tsx').then((module) => ({ default: module.SignInLinkPage })),
);

/** The runner signed in now, for the page views the router counts outside React. */
let signedInUserId: string | undefined;
let lastView: string | undefined;

/**
 * Counts a route change as a page view of the signed-in runner (spec §2), once per path in a row.
 * It follows the router's own location, not React's render: a screen still loading when the runner
 * moves on never renders, yet it was opened.
 */
function countPageView(pathname: string): void {
  const view = signedInUserId === undefined ? undefined : `${signedInUserId} ${pathname}`;
  if (view !== undefined && view !== lastView) {
    lastView = view;
    pageViews.view(pathname);
  }
}

/**
 * Sets document.title from the spec §2 table on every route change (and the activity screens' own),
 * and counts the page the runner is on once they are signed in.
 */
function RootShell() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { data: user } = useSession();
  useSessionKeeper();
  // A session that ended without the runner asking: to the sign-in page (once per end), which says why.
  const sessionEnd = useSessionEnd();
  const handledEnd = useRef(0);
  useEffect(() => {
    if (sessionEnd && sessionEnd.count !== handledEnd.current) {
      handledEnd.current = sessionEnd.count;
      if (pathname !== '/login') {
        void navigate(`/login?redirect=${encodeURIComponent(`${pathname}${search}${hash}`)}`, { replace: true });
      }
    }
  }, [sessionEnd, pathname, search, hash, navigate]);
  useEffect(() => {
    document.title = claimedPageTitle() ?? activitiesPageTitle(pathname) ?? pageTitleForPath(pathname);
  }, [pathname]);
  useEffect(() => {
    signedInUserId = user?.id;
    countPageView(router.state.location.pathname);
  }, [user]);
  return (
    <>
      <LoadingOverlay />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/**
 * The screen of each spec §2 path (the path lists themselves live in core/product.ts, which also
 * keeps usernames from shadowing them). A path without a screen yet shows UpcomingPage.
 */
const SCREENS: Readonly<Record<string, ReactElement>> = {
  '/login': <LoginPage />,
  '/register': <RegisterPage />,
  '/privacy-policy': <PrivacyPolicyPage />,
  '/terms-of-service': <TermsOfServicePage />,
  '/data-deletion-policy': <DataDeletionPolicyPage />,
  '/success': <SuccessPage />,
  '/': <DashboardPage />,
  '/dashboard': <DashboardPage />,
  '/account': <AccountPage />,
  '/medals': <MedalsPage />,
  '/water': <MedalsPage />,
  [PERSONAL_PAGE_PATH]: <MyStridePage />,
  '/run-planner': <RunPlannerPage />,
  '/calculators': <CalculatorsPage />,
  '/charts': <ChartsPage />,
  '/training-goals': <TrainingGoalsPage />,
  '/debug/prime-weather': <PrimeWeatherPage />,
  ...Object.fromEntries(FITNESS_CALLBACK_PATHS.map((path) => [path, <StravaCallbackPage key={path} />])),
};

const routesFor = (paths: readonly string[]) =>
  paths.map((path) => ({ path, element: SCREENS[path] ?? <UpcomingPage /> }));

export const router = createBrowserRouter([
  {
    element: <RootShell />,
    errorElement: <RouteErrorScreen />,
    children: [
      ...routesFor(PUBLIC_PATHS),
      ...routesFor(FITNESS_CALLBACK_PATHS),
      // E-mail links (core/email-links.ts); two segments, so no username can shadow them.
      { path: '/auth/action', element: <AuthActionPage /> },
      { path: '/auth/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/auth/sign-in-link', element: <SignInLinkPage /> },
      {
        element: <SidebarLayout />,
        children: [
          {
            // A page that fails to load (or crashes) shows its error inside the layout, sidebar intact.
            errorElement: <RouteErrorScreen />,
            children: [
              {
                element: <RequireAuth />,
                children: [
                  ...routesFor(GUARDED_LAYOUT_PATHS),
                  { path: '/activities', element: <ActivitiesPage /> },
                  { path: '/activities/:id', element: <ActivityDetailPage /> },
                ],
              },
              ...routesFor(OPEN_LAYOUT_PATHS),
            ],
          },
        ],
      },
      { path: '/:username', element: <PublicProfilePage /> },
      // Spec §2 has no not-found screen; paths of several segments get the profile page's "nothing here".
      { path: '*', element: <PublicProfilePage /> },
    ],
  },
]);

router.subscribe((state) => {
  if (state.navigation.state === 'idle') {
    countPageView(state.location.pathname);
  }
});
