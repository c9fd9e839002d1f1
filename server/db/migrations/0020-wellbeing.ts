/**
 * Wellbeing and coaching: the daily check-ins (spec §3 "Coaching check-in": the answers, the score,
 * the runner's local day, the instant in milliseconds), the coaching settings per runner, and the
 * wellbeing entries (spec §3 "Wellbeing entry": a local day and the exercises done that day) that
 * the wellbeing medals count. Everything goes with the account.
 */
import { sql, type Kysely } from 'kysely';

const ANSWERS = [
  'sleep_quality',
  'energy_level',
  'stress_level',
  'soreness',
  'hydration',
  'nutrition',
  'mood_rating',
  'injury_feeling',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  let checkIns = db.schema
    .createTable('coaching_check_ins')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('wellbeing_score', 'integer', (col) => col.notNull())
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('timestamp', 'bigint', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull());
  for (const answer of ANSWERS) {
    checkIns = checkIns.addColumn(answer, 'text', (col) => col.notNull());
  }
  await checkIns.execute();
  await sql`create index coaching_check_ins_user_time_idx on coaching_check_ins (user_id, timestamp)`.execute(db);
  await sql`create index coaching_check_ins_user_date_idx on coaching_check_ins (user_id, date)`.execute(db);

  await db.schema
    .createTable('coaching_settings')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('auth_users.id').onDelete('cascade'))
    .addColumn('reminders_enabled', 'boolean', (col) => col.notNull())
    .addColumn('reminder_time', 'text', (col) => col.notNull())
    .addColumn('focus', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('wellbeing_entries')
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('exercises', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('wellbeing_entries_pkey', ['user_id', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wellbeing_entries').execute();
  await db.schema.dropTable('coaching_settings').execute();
  await db.schema.dropTable('coaching_check_ins').execute();
}
