/** SQL for the e-mail links better-auth keeps in auth_verifications (server/auth/email-links.ts). */
import { sql } from 'kysely';
import type { Db } from './db.ts';

/**
 * Deletes every outstanding password-reset and sign-in link of the account: a reset row holds the
 * user's id, a sign-in link's row the e-mail it was asked for (JSON). Answers how many were deleted.
 */
export async function deleteEmailLinksOf(db: Db, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('authVerifications')
    .where((eb) =>
      eb.or([
        eb.and([eb('identifier', 'like', 'reset-password:%'), eb('value', '=', userId)]),
        eb.and([
          eb('identifier', 'like', 'magic-link:%'),
          // CASE keeps the JSON cast to the sign-in link rows (other rows' values are not JSON).
          eb(
            sql<string>`lower(case when ${eb.ref('identifier')} like 'magic-link:%' then ${eb.ref('value')}::jsonb ->> 'email' end)`,
            '=',
            eb
              .selectFrom('authUsers')
              .select(sql<string>`lower(email)`.as('email'))
              .where('id', '=', userId),
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
