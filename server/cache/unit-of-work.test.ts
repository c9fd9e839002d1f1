/**
 * The units of work drop exactly the cached answers whose tables a write touched: recorded from the
 * queries themselves (Kysely's nodes and raw SQL), widened by cascading foreign keys, for the
 * unit's runner, or for every runner when the unit has none. Queries go to Kysely's dummy driver:
 * only which tables they name matters here.
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Generated,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { changedBy, tableRecorder } from '../db/touched-tables.ts';
import { createLocalInvalidationBus } from './invalidation-bus.ts';
import { createReadCache } from './read-cache.ts';
import { createUnitsOfWork } from './unit-of-work.ts';

interface Tables {
  auth_users: { id: string; name: string };
  profiles: { user_id: string; bio: string };
  activities: { id: Generated<string>; user_id: string; name: string; distance: number };
  activity_tracks: { activity_id: string; points: number };
}

const db = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [tableRecorder],
});

/** A read cache and its units, with each load counted per key. */
function setUp(dependents: Record<string, string[]> = {}) {
  const reads = createReadCache({ bus: createLocalInvalidationBus(), now: () => 0 });
  const units = createUnitsOfWork(reads, () =>
    Promise.resolve(new Map(Object.entries(dependents).map(([table, below]) => [table, new Set(below)]))),
  );
  const loads: Record<string, number> = {};
  const read = (userId: string, key: string, query: () => Promise<unknown>) =>
    reads.get(userId, key, async () => {
      loads[`${userId}:${key}`] = (loads[`${userId}:${key}`] ?? 0) + 1;
      await query();
      return key;
    });
  const profile = (userId: string) =>
    read(userId, 'profile', () => db.selectFrom('profiles').selectAll().where('user_id', '=', userId).execute());
  const list = (userId: string) =>
    read(userId, 'list', () =>
      db
        .selectFrom('activities')
        .innerJoin('activity_tracks', 'activity_tracks.activity_id', 'activities.id')
        .selectAll()
        .execute(),
    );
  return { units, loads, read, profile, list };
}

describe('a unit of work', () => {
  it("drops the runner's answers that read a table it wrote, and keeps the others", async () => {
    const { units, loads, profile, list } = setUp();
    await profile('u1');
    await list('u1');

    await units.run('u1', () => db.updateTable('profiles').set({ bio: 'New' }).where('user_id', '=', 'u1').execute());
    await profile('u1');
    await list('u1');

    expect(loads).toEqual({ 'u1:profile': 2, 'u1:list': 1 });
  });

  it('records raw SQL writes and the tables a join and a subquery read', async () => {
    const { units, loads, list } = setUp();
    await list('u1');

    await units.run('u1', () => sql`delete from activity_tracks where activity_id = ${'a1'}`.execute(db));
    await list('u1');
    await units.run('u1', () => sql`insert into ${sql.table('activities')} select 1`.execute(db));
    await list('u1');

    expect(loads).toEqual({ 'u1:list': 3 });
  });

  it('counts the tables below a written one through a cascading foreign key as written', async () => {
    const { units, loads, read } = setUp({ activities: ['activity_tracks'] });
    const tracks = () => read('u1', 'tracks', () => db.selectFrom('activity_tracks').selectAll().execute());
    await tracks();

    await units.run('u1', () => db.deleteFrom('activities').where('id', '=', 'a1').execute());
    await tracks();

    expect(loads).toEqual({ 'u1:tracks': 2 });
  });

  it("drops only its own runner's answers; a unit of no runner drops every runner's", async () => {
    const { units, loads, profile } = setUp();
    await profile('u1');
    await profile('u2');

    await units.run('u1', () => db.insertInto('profiles').values({ user_id: 'u1', bio: '' }).execute());
    await profile('u1');
    await profile('u2');
    expect(loads).toEqual({ 'u1:profile': 2, 'u2:profile': 1 });

    await units.run(null, () => db.updateTable('profiles').set({ bio: 'Unsubscribed' }).execute());
    await profile('u1');
    await profile('u2');
    expect(loads).toEqual({ 'u1:profile': 3, 'u2:profile': 2 });
  });

  it("drops nothing before it ends, unless flushed; a nested unit of another runner drops that runner's", async () => {
    const { units, loads, profile } = setUp();
    await profile('u1');
    await profile('u2');

    await units.run('u1', async () => {
      await db.updateTable('profiles').set({ bio: 'One' }).where('user_id', '=', 'u1').execute();
      await profile('u1');
      await units.run('u2', () => db.updateTable('profiles').set({ bio: 'Two' }).execute());
      await profile('u2');
      await units.flush();
      await profile('u1');
    });

    expect(loads).toEqual({ 'u1:profile': 2, 'u2:profile': 2 });
  });

  it('keeps a read whose load wrote on its way: its answer holds what it wrote', async () => {
    const { units, loads, read } = setUp();
    const renewing = () =>
      read('u1', 'status', () =>
        db.updateTable('profiles').set({ bio: 'Renewed' }).where('user_id', '=', 'u1').execute(),
      );

    await units.run('u1', renewing);
    await units.run('u1', renewing);

    expect(loads).toEqual({ 'u1:status': 1 });
  });

  it("drops the runner's cached sessions when it wrote the account, and only then", async () => {
    const reads = createReadCache({ bus: createLocalInvalidationBus(), now: () => 0 });
    const dropped: string[] = [];
    const units = createUnitsOfWork(reads, () => Promise.resolve(new Map<string, Set<string>>()), {
      userSessionsChanged: (userId) => Promise.resolve(void dropped.push(userId)),
    });

    await units.run('u1', () => db.updateTable('profiles').set({ bio: 'Bio' }).execute());
    await units.run('u2', () => db.updateTable('auth_users').set({ name: 'New name' }).execute());

    expect(dropped).toEqual(['u2']);
  });

  it('drops after an update only the answers that read a column it set, or any column', async () => {
    const { units, loads, read } = setUp();
    const activities = db.selectFrom('activities').where('user_id', '=', 'u1');
    const names = () => read('u1', 'names', () => activities.select(['id', 'name']).execute());
    const distances = () => read('u1', 'distances', () => activities.select('distance').execute());
    const rows = () => read('u1', 'rows', () => activities.selectAll().execute());
    const counted = () =>
      read('u1', 'count', () => sql`select count(*) from activities where user_id = ${'u1'}`.execute(db));
    const countedAll = () =>
      read('u1', 'countAll', () => activities.select((eb) => eb.fn.countAll().as('count')).execute());
    const wholeRows = () => read('u1', 'json', () => sql`select to_jsonb(a) from activities a`.execute(db));
    const all = () => Promise.all([names(), distances(), rows(), counted(), countedAll(), wholeRows()]);
    await all();

    await units.run('u1', () => db.updateTable('activities').set({ name: 'Renamed' }).where('id', '=', 'a1').execute());
    await all();
    expect(loads).toEqual({
      'u1:names': 2,
      'u1:distances': 1,
      'u1:rows': 2,
      'u1:count': 1,
      'u1:countAll': 1,
      'u1:json': 2,
    });

    await units.run('u1', () =>
      db.insertInto('activities').values({ user_id: 'u1', name: 'New', distance: 1 }).execute(),
    );
    await all();
    expect(loads).toEqual({
      'u1:names': 3,
      'u1:distances': 2,
      'u1:rows': 3,
      'u1:count': 2,
      'u1:countAll': 2,
      'u1:json': 3,
    });
  });
});

describe('the freshness rule', () => {
  const read = new Set(['activities', 'activities.name', 'profiles', 'profiles.*']);

  it('holds an answer against writes of tables and columns it did not read', () => {
    expect(changedBy(read, [])).toBe(false);
    expect(changedBy(read, ['gear', 'activities.distance', 'gear.name'])).toBe(false);
  });

  it('fails it on a table written whole, a column it read, or any column of a table it read wholly', () => {
    expect(changedBy(read, ['activities'])).toBe(true);
    expect(changedBy(read, ['activities.name'])).toBe(true);
    expect(changedBy(read, ['profiles.bio'])).toBe(true);
  });

  it('never takes a column mark for a table it did not read', () => {
    expect(changedBy(new Set(['activities.name']), ['activities.name'])).toBe(false);
  });
});
