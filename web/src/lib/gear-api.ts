/** Shoes and gear (core/gear.ts) as TanStack Query hooks: the list, add, change, delete, defaults. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Gear, GearDefault, GearInput, GearList, GearUpdate } from '../../../core/gear.ts';
import { api, unwrap } from '../api/client.ts';
import { GEAR_QUERY_KEY, invalidateActivityData } from './query-keys.ts';

export function useGear() {
  return useQuery({
    queryKey: GEAR_QUERY_KEY,
    queryFn: (): Promise<GearList> => unwrap(api.gear.$get()),
  });
}

/** After any change of gear, the gear and the activities showing it are read again. */
function useGearMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await invalidateActivityData(queryClient);
    },
  });
}

export function useAddGear() {
  return useGearMutation((input: GearInput): Promise<Gear> => unwrap(api.gear.$post({ json: input })));
}

export function useUpdateGear() {
  return useGearMutation(({ id, update }: { id: string; update: GearUpdate }): Promise<Gear> =>
    unwrap(api.gear[':id'].$patch({ param: { id }, json: update })),
  );
}

export function useDeleteGear() {
  return useGearMutation((id: string) => unwrap(api.gear[':id'].$delete({ param: { id } })));
}

export function useSetDefaultGear() {
  return useGearMutation((input: GearDefault): Promise<GearList> => unwrap(api.gear.defaults.$put({ json: input })));
}
