/** Wellbeing and coaching as TanStack Query hooks: the overview, check-ins, exercises, settings, readiness. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WellbeingPreferences } from '../../../core/profile.ts';
import type { CheckInInput, CoachingSettings, WellbeingPreferencesUpdate } from '../../../core/wellbeing/check-in.ts';
import type { WellbeingExercise } from '../../../core/wellbeing/exercises.ts';
import type {
  ExerciseRecorded,
  ReadinessView,
  StoredCheckIn,
  WellbeingOverview,
} from '../../../core/wellbeing/wellbeing-api.ts';
import { api, unwrap } from '../api/client.ts';
import { timeZoneQuery } from '../lib/time-zone.ts';
import { MEDALS_QUERY_KEY, READINESS_QUERY_KEY, WELLBEING_QUERY_KEY } from '../lib/query-keys.ts';

const OVERVIEW_QUERY_KEY = [...WELLBEING_QUERY_KEY, 'overview'] as const;
const PREFERENCES_QUERY_KEY = [...WELLBEING_QUERY_KEY, 'preferences'] as const;
const COACHING_QUERY_KEY = [...WELLBEING_QUERY_KEY, 'coaching'] as const;

export function useWellbeingOverview() {
  return useQuery({
    queryKey: OVERVIEW_QUERY_KEY,
    queryFn: (): Promise<WellbeingOverview> => unwrap(api.wellbeing.$get({ query: timeZoneQuery() })),
  });
}

/** The check-in reminder comes due at its minute: an open dashboard asks again every few minutes. */
const READINESS_REFRESH_MS = 5 * 60_000;

export function useReadiness() {
  return useQuery({
    queryKey: READINESS_QUERY_KEY,
    queryFn: (): Promise<ReadinessView> => unwrap(api.readiness.$get({ query: timeZoneQuery() })),
    refetchInterval: READINESS_REFRESH_MS,
  });
}

/** After a check-in or an exercise: the overview, the readiness and the medals may all have changed. */
function useRefreshAfterWellbeing() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: WELLBEING_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: READINESS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: MEDALS_QUERY_KEY }),
    ]);
}

export function useSaveCheckIn() {
  const refresh = useRefreshAfterWellbeing();
  return useMutation({
    mutationFn: (input: CheckInInput): Promise<StoredCheckIn> =>
      unwrap(api.wellbeing['check-ins'].$post({ query: timeZoneQuery(), json: input })),
    onSuccess: refresh,
  });
}

export function useFinishExercise() {
  const refresh = useRefreshAfterWellbeing();
  return useMutation({
    mutationFn: (done: { exercise: WellbeingExercise; skippedStretches?: string[] }): Promise<ExerciseRecorded> =>
      unwrap(api.wellbeing.exercises.$post({ query: timeZoneQuery(), json: done })),
    onSuccess: refresh,
  });
}

export function useWellbeingPreferences() {
  return useQuery({
    queryKey: PREFERENCES_QUERY_KEY,
    queryFn: (): Promise<WellbeingPreferences> => unwrap(api.wellbeing.preferences.$get()),
  });
}

export function useUpdateWellbeingPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: WellbeingPreferencesUpdate): Promise<WellbeingPreferences> =>
      unwrap(api.wellbeing.preferences.$put({ json: update })),
    onSuccess: (preferences) => queryClient.setQueryData(PREFERENCES_QUERY_KEY, preferences),
  });
}

export function useCoachingSettings() {
  return useQuery({
    queryKey: COACHING_QUERY_KEY,
    queryFn: (): Promise<CoachingSettings> => unwrap(api['coaching-settings'].$get()),
  });
}

export function useUpdateCoachingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: Partial<CoachingSettings>): Promise<CoachingSettings> =>
      unwrap(api['coaching-settings'].$put({ json: update })),
    onSuccess: async (settings) => {
      queryClient.setQueryData(COACHING_QUERY_KEY, settings);
      // The readiness card's reminder and tip follow the settings.
      await queryClient.invalidateQueries({ queryKey: READINESS_QUERY_KEY });
    },
  });
}
