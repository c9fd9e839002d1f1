/** Goals, training plans and today's tasks as TanStack Query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoalCreate, GoalUpdate } from '../../../core/training/goals.ts';
import type { PlanRequest } from '../../../core/training/plan-request.ts';
import type { PlanStatus, TaskToggle } from '../../../core/training/plan-progress.ts';
import type {
  Goal,
  PlanDefaults,
  RacePredictionsView,
  TodayTasks,
  TrainingPlan,
  TrainingPlanSummary,
} from '../../../core/training/training-api.ts';
import { api, unwrap } from '../api/client.ts';
import { timeZoneQuery } from '../lib/time-zone.ts';
import { TRAINING_QUERY_KEY } from '../lib/query-keys.ts';

const GOALS_KEY = [...TRAINING_QUERY_KEY, 'goals'] as const;
const PLANS_KEY = [...TRAINING_QUERY_KEY, 'plans'] as const;
const TODAY_KEY = [...TRAINING_QUERY_KEY, 'today'] as const;
const PREDICTIONS_KEY = [...TRAINING_QUERY_KEY, 'predictions'] as const;

export function useGoals() {
  return useQuery({
    queryKey: GOALS_KEY,
    queryFn: async (): Promise<Goal[]> => (await unwrap(api.goals.$get())).goals,
  });
}

export function usePlans() {
  return useQuery({
    queryKey: PLANS_KEY,
    queryFn: async (): Promise<TrainingPlanSummary[]> =>
      (await unwrap(api['training-plans'].$get({ query: timeZoneQuery() }))).plans,
  });
}

export function usePlan(id: string) {
  return useQuery({
    queryKey: [...PLANS_KEY, id],
    queryFn: (): Promise<TrainingPlan> => unwrap(api['training-plans'][':id'].$get({ param: { id } })),
  });
}

/** The plan form's figures for a race goal: the runner's last weeks and the paces. */
export function usePlanDefaults(goalId: string) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'defaults', goalId],
    queryFn: (): Promise<PlanDefaults> =>
      unwrap(api.goals[':id']['plan-defaults'].$get({ param: { id: goalId }, query: timeZoneQuery() })),
  });
}

export function useTodayTasks() {
  return useQuery({
    queryKey: TODAY_KEY,
    queryFn: (): Promise<TodayTasks> => unwrap(api.training.today.$get({ query: timeZoneQuery() })),
  });
}

/** Race predictions from the recent best efforts; read again when the runner's activities change. */
export function useRacePredictions() {
  return useQuery({
    queryKey: PREDICTIONS_KEY,
    queryFn: (): Promise<RacePredictionsView> => unwrap(api.training.predictions.$get({ query: timeZoneQuery() })),
  });
}

/** A mutation after which everything on the Training page is read again. */
function useTrainingMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRAINING_QUERY_KEY }),
  });
}

export const useCreateGoal = () =>
  useTrainingMutation((goal: GoalCreate) => unwrap(api.goals.$post({ query: timeZoneQuery(), json: goal })));

export const useUpdateGoal = () =>
  useTrainingMutation(({ id, update }: { id: string; update: GoalUpdate }) =>
    unwrap(api.goals[':id'].$patch({ param: { id }, json: update })),
  );

export const useDeleteGoal = () =>
  useTrainingMutation((id: string) => unwrap(api.goals[':id'].$delete({ param: { id } })));

export function useReorderGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (goalIds: string[]) => (await unwrap(api.goals.order.$put({ json: { goalIds } }))).goals,
    // The list moves at once; the server's answer (or a reload on failure) settles it.
    onMutate: (goalIds) => {
      const goals = queryClient.getQueryData<Goal[]>(GOALS_KEY);
      if (goals) {
        const byId = new Map(goals.map((goal) => [goal.id, goal]));
        queryClient.setQueryData(
          GOALS_KEY,
          goalIds.flatMap((id, order) => {
            const goal = byId.get(id);
            return goal ? [{ ...goal, order }] : [];
          }),
        );
      }
    },
    onSuccess: (goals) => queryClient.setQueryData(GOALS_KEY, goals),
    onError: () => queryClient.invalidateQueries({ queryKey: GOALS_KEY }),
  });
}

export const useCreatePlan = () =>
  useTrainingMutation((request: PlanRequest) =>
    unwrap(api['training-plans'].$post({ query: timeZoneQuery(), json: request })),
  );

export const useUpdatePlan = () =>
  useTrainingMutation(({ id, status }: { id: string; status: PlanStatus }) =>
    unwrap(api['training-plans'][':id'].$patch({ param: { id }, json: { status } })),
  );

export const useDeletePlan = () =>
  useTrainingMutation((id: string) => unwrap(api['training-plans'][':id'].$delete({ param: { id } })));

/** Re-plans the weeks left now; the proposal (or why nothing changes) comes back with the plan. */
export const useReplan = () =>
  useTrainingMutation((planId: string) => unwrap(api['training-plans'][':id'].replan.$post({ param: { id: planId } })));

export const useAnswerReplan = () =>
  useTrainingMutation(
    ({ planId, versionId, answer }: { planId: string; versionId: string; answer: 'accept' | 'keep' }) =>
      unwrap(
        api['training-plans'][':id'].versions[':versionId'][':answer'].$post({
          param: { id: planId, versionId, answer },
        }),
      ),
  );

export const useSetTask = () =>
  useTrainingMutation(({ planId, toggle }: { planId: string; toggle: TaskToggle }) =>
    unwrap(api['training-plans'][':id'].progress.$put({ param: { id: planId }, json: toggle })),
  );
