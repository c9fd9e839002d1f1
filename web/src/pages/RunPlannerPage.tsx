/**
 * /run-planner: the planner's screen (still to come, so the "being built" card) with the spec §4
 * page timer — for a signed-in runner, minutes here count as minutes spent planning in My Stride.
 */
import { useSession } from '../auth/session.ts';
import { usePlanningTimer } from '../analytics/use-planning-timer.ts';
import UpcomingPage from './UpcomingPage.tsx';

export default function RunPlannerPage() {
  const { data: user } = useSession();
  usePlanningTimer(Boolean(user));
  return <UpcomingPage />;
}
