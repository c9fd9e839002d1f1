/** SQL for a runner's privacy zones (core/profile-privacy.ts). Every query is scoped by the owner's id. */
import type { Db } from './db.ts';
import type { NewPrivacyZoneRow, PrivacyZoneRow } from './schema.ts';

export function listPrivacyZones(db: Db, userId: string): Promise<PrivacyZoneRow[]> {
  return db.selectFrom('privacyZones').selectAll().where('userId', '=', userId).orderBy('added').execute();
}

export async function countPrivacyZones(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('privacyZones')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertPrivacyZone(db: Db, row: NewPrivacyZoneRow): Promise<void> {
  await db.insertInto('privacyZones').values(row).execute();
}

/** Whether the runner had that zone. */
export async function deletePrivacyZone(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('privacyZones')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return (result.numDeletedRows ?? 0n) > 0n;
}
