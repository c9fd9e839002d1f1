/** Account → Public profile (core/profile-privacy.ts) as TanStack Query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PrivacyZone,
  PrivacyZoneInput,
  ProfilePrivacy,
  ProfilePrivacyUpdate,
} from '../../../core/profile-privacy.ts';
import { api, unwrap } from '../api/client.ts';
import { PRIVACY_ZONES_QUERY_KEY, PROFILE_PRIVACY_QUERY_KEY, PUBLIC_PROFILE_QUERY_KEY } from '../lib/query-keys.ts';

export function useProfilePrivacy() {
  return useQuery({
    queryKey: PROFILE_PRIVACY_QUERY_KEY,
    queryFn: (): Promise<ProfilePrivacy> => unwrap(api.profile.privacy.$get()),
  });
}

export function useUpdateProfilePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfilePrivacyUpdate): Promise<ProfilePrivacy> =>
      unwrap(api.profile.privacy.$patch({ json: update })),
    onSuccess: async (privacy) => {
      queryClient.setQueryData(PROFILE_PRIVACY_QUERY_KEY, privacy);
      await queryClient.invalidateQueries({ queryKey: PUBLIC_PROFILE_QUERY_KEY });
    },
  });
}

export function usePrivacyZones() {
  return useQuery({
    queryKey: PRIVACY_ZONES_QUERY_KEY,
    queryFn: (): Promise<PrivacyZone[]> => unwrap(api.profile['privacy-zones'].$get()),
  });
}

export function useAddPrivacyZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (zone: PrivacyZoneInput): Promise<PrivacyZone> =>
      unwrap(api.profile['privacy-zones'].$post({ json: zone })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PRIVACY_ZONES_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: PUBLIC_PROFILE_QUERY_KEY });
    },
  });
}

export function useRemovePrivacyZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.profile['privacy-zones'][':id'].$delete({ param: { id } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PRIVACY_ZONES_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: PUBLIC_PROFILE_QUERY_KEY });
    },
  });
}
