/** Shoes and gear (core/gear.ts): the Gear screen and the default gear per sport. */
import type { GearDefault, GearInput, GearUpdate } from '../../../core/gear.ts';
import { addGear, changeGear, listRunnerGear, removeGear, setDefaultGear } from '../gear-service.ts';
import type { WiringContext } from '../service-context.ts';

export function wireGear(ctx: WiringContext) {
  return {
    list: (userId: string) => listRunnerGear(ctx.db, userId),
    add: (userId: string, input: GearInput) => addGear(ctx, userId, input),
    update: (userId: string, input: { id: string; update: GearUpdate }) =>
      changeGear(ctx, userId, input.id, input.update),
    remove: (userId: string, id: string) => removeGear(ctx, userId, id),
    setDefault: (userId: string, input: GearDefault) => setDefaultGear(ctx, userId, input),
  };
}
