/** Accounts (better-auth's model, snake_case) and the user profile of spec §3. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('email_verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('image', 'text')
    .addColumn('disabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('auth_sessions_user_id_idx').on('auth_sessions').column('user_id').execute();

  await db.schema
    .createTable('auth_accounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('provider_id', 'text', (col) => col.notNull())
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', 'timestamptz')
    .addColumn('refresh_token_expires_at', 'timestamptz')
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('auth_accounts_user_id_idx').on('auth_accounts').column('user_id').execute();

  await db.schema
    .createTable('auth_verifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('identifier', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('auth_verifications_identifier_idx')
    .on('auth_verifications')
    .column('identifier')
    .execute();

  await db.schema
    .createTable('auth_rate_limits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('last_request', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('auth_users.id').onDelete('cascade'))
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('location', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('photo_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('total_activities', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_distance', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('total_elevation', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('total_duration', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('athlete_profile', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('wellbeing_preferences', 'jsonb', (col) => col.notNull())
    .addColumn('unit_system', 'text', (col) =>
      col
        .notNull()
        .defaultTo('imperial')
        .check(sql`unit_system in ('imperial', 'metric')`),
    )
    .addColumn('dark_mode', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('email_notifications', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('weekly_report', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Usernames are compared without regard to case; the unique index is the authority on "taken".
  await sql`create unique index profiles_username_key on profiles (lower(username))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'profiles',
    'auth_rate_limits',
    'auth_verifications',
    'auth_accounts',
    'auth_sessions',
    'auth_users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
