/** The signed-in user's profile: read and merge-update (spec §7). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '../../../core/profile.ts';
import { api, unwrap } from '../api/client.ts';
import { SESSION_QUERY_KEY } from '../auth/session.ts';

export const PROFILE_QUERY_KEY = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: (): Promise<Profile> => unwrap(api.profile.$get()),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate): Promise<Profile> => unwrap(api.profile.$patch({ json: update })),
    onSuccess: async (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      // The sidebar shows the name from the session.
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmEmail: string) => unwrap(api.account.$delete({ json: { confirmEmail } })),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    },
  });
}
