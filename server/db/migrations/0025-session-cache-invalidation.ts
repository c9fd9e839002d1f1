/**
 * The session cache (server/cache/session-cache.ts) hears of every change to a session or an
 * account that the database sees, whoever makes it: Stride drops its entries itself before it
 * answers, and these triggers also send the drop over NOTIFY for writes made outside Stride (an
 * operator disabling an account or deleting sessions with SQL), so every app server refuses such a
 * session within the NOTIFY's latency. The payloads are those of server/cache/invalidation-bus.ts:
 * a session is named by the SHA-256 (hex) of its token, never the token.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function stride_session_cache_invalidation() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'auth_sessions' then
        perform pg_notify('stride_cache_invalidations', json_build_object(
          'kind', 'session', 'tokenHash', encode(sha256(convert_to(old.token, 'UTF8')), 'hex'))::text);
      else
        perform pg_notify('stride_cache_invalidations', json_build_object(
          'kind', 'user-sessions', 'userId', old.id)::text);
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger auth_sessions_cache_invalidation
    after delete or update of token, expires_at, user_id on auth_sessions
    for each row execute function stride_session_cache_invalidation()`.execute(db);
  await sql`
    create trigger auth_users_cache_invalidation
    after delete or update of disabled, email, name on auth_users
    for each row execute function stride_session_cache_invalidation()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger auth_users_cache_invalidation on auth_users`.execute(db);
  await sql`drop trigger auth_sessions_cache_invalidation on auth_sessions`.execute(db);
  await sql`drop function stride_session_cache_invalidation()`.execute(db);
}
