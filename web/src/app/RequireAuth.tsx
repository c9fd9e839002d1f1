/** Guarded routes (spec §2): a loading screen while the session resolves, then visitors go to /login. */
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/auth/session.ts';
import { LoadingScreen } from './LoadingOverlay.tsx';

export function RequireAuth() {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) {
    return <LoadingScreen />;
  }
  if (!user) {
    const redirect = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return <Outlet />;
}
