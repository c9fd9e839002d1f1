/** The signed-in user's profile: read and merge-update (spec §7). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_UPLOAD_MESSAGES,
  profilePhotoProblem,
} from '../../../core/profile-photo.ts';
import { minimalProfile, type Profile, type ProfileUpdate } from '../../../core/profile.ts';
import { PROFILE_CACHE_MS } from '../../../core/strava/constants.ts';
import { ApiError, api, apiErrorFrom, networkError, unwrap } from '../api/client.ts';
import { useSession, type SessionUser } from './auth/session.ts';
import { PROFILE_QUERY_KEY, SESSION_QUERY_KEY } from './query-keys.ts';
import { runnerTimeZone, setRunnerTimeZone } from './time-zone.ts';

/** A profile as the app holds it: `minimal` when it was made up after the fetch failed. */
export type LoadedProfile = Profile & { minimal?: true };

/** The answers that end the session (handled by signing out, not by a stand-in profile). */
function endsSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * Spec §8: a profile fetch that fails (network, server) falls back to a minimal profile from the
 * display name with imperial units and light mode, so the screens carry on instead of an error.
 */
export async function loadProfileOrMinimal(
  fetchProfile: () => Promise<Profile>,
  user: SessionUser | null | undefined,
  now: () => Date,
): Promise<LoadedProfile> {
  try {
    return await fetchProfile();
  } catch (error) {
    if (!user || endsSession(error)) {
      throw error;
    }
    return { ...minimalProfile(user, now().toISOString()), minimal: true };
  }
}

/** The signed-in runner's profile from the API, or the spec §8 stand-in when the fetch fails. */
export function fetchOwnProfile(user: SessionUser | null | undefined): Promise<LoadedProfile> {
  return loadProfileOrMinimal(
    () => unwrap(api.profile.$get()),
    user,
    () => new Date(),
  );
}

/** The signed-in runner's profile; `enabled: false` for a visitor, who has none. */
export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  const { data: user } = useSession();
  const query = useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () => fetchOwnProfile(user),
    staleTime: PROFILE_CACHE_MS,
    enabled,
  });
  // The zone chosen in Account is the one every date and day is written in (lib/format.ts).
  if (enabled && query.data) {
    setRunnerTimeZone(query.data.preferences.timeZone);
  }
  return query;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate): Promise<Profile> => unwrap(api.profile.$patch({ json: update })),
    onSuccess: async (profile) => {
      const zoneBefore = runnerTimeZone();
      const timeBefore = queryClient.getQueryData<Profile>(PROFILE_QUERY_KEY)?.preferences.activityTime;
      const unitsBefore = queryClient.getQueryData<Profile>(PROFILE_QUERY_KEY)?.preferences.unitSystem;
      setRunnerTimeZone(profile.preferences.timeZone);
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      if (
        runnerTimeZone() !== zoneBefore ||
        profile.preferences.activityTime !== timeBefore ||
        profile.preferences.unitSystem !== unitsBefore
      ) {
        // Today's date, streak days and the training plan's days are counted in the runner's zone;
        // every time, pace and total follows the runner's choice of time; the server writes medal
        // and gear sentences in the runner's units.
        await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== PROFILE_QUERY_KEY[0] });
      }
      // The sidebar shows the name from the session.
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: { confirmEmail: string; password: string }) =>
      unwrap(api.account.$delete({ json: confirmation })),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    },
  });
}

/** Sends the photo's bytes as the body; the server reads the type from them. */
async function postProfilePhoto(file: File): Promise<Profile> {
  let response: Response;
  try {
    response = await fetch('/api/profile/photo', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
  } catch {
    throw networkError();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw apiErrorFrom(response.status, body);
  }
  return body as Profile;
}

/** Checks the photo as the server will (size, then the type by its first bytes) before sending it. */
export async function profilePhotoFileProblem(file: File): Promise<string | null> {
  if (file.size > PROFILE_PHOTO_MAX_BYTES) {
    return PROFILE_PHOTO_UPLOAD_MESSAGES.tooLarge;
  }
  return profilePhotoProblem(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
}

export function useProfilePhoto() {
  const queryClient = useQueryClient();
  const onSuccess = (profile: Profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
  const upload = useMutation({ mutationFn: postProfilePhoto, onSuccess });
  const remove = useMutation({
    mutationFn: (): Promise<Profile> => unwrap(api.profile.photo.$delete()),
    onSuccess,
  });
  return { upload, remove };
}
