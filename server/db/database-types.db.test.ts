/**
 * What the database's values come back as, through the server's own Kysely: timestamps, dates,
 * numerics, json and jsonb, booleans, bytes, int8 counts and arrays. On PGlite the parser table is
 * trimmed to the types Stride reads (server/db/database.ts): every column type of Stride's tables
 * and the job queue's that PGlite would parse keeps its parser.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPglite } from './pglite-open.ts';
import { types } from '@electric-sql/pglite';
import { testDatabaseKind, useTestServer } from '../test-support/test-server.ts';

const server = useTestServer();
const kind = testDatabaseKind();

describe('values read from the database', () => {
  it('come back as the same JavaScript values', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select
        true as yes, false as no,
        '\\x0102ff'::bytea as bytes,
        42::int2 as small, 70000::int4 as whole, 9007199254740993::int8 as big,
        (select count(*) from activities where false) as none,
        1.25::numeric as exact, 2.5::float4 as single, 0.1::float8 as double,
        'runner'::text as word, 'x'::varchar as short, 'ab'::char(2) as fixed,
        '0f6a1f3e-2b7c-4f39-9d6c-2f3c58e4a0b1'::uuid as id,
        '2024-05-06T07:08:09.123Z'::timestamptz as at,
        '{"a": [1, 2], "b": {"c": "d"}}'::jsonb as document,
        '{"a": 1}'::json as plain,
        array[1.5, 2]::float8[] as floats,
        array['a', 'b,c']::text[] as words,
        array[1, 2]::int4[] as wholes,
        array[true, false] as flags,
        array['0f6a1f3e-2b7c-4f39-9d6c-2f3c58e4a0b1']::uuid[] as ids,
        array['2024-05-06T07:08:09.123Z']::timestamptz[] as moments,
        null::int4 as nothing
    `.execute(server().database.db.withoutPlugins());
    const id = '0f6a1f3e-2b7c-4f39-9d6c-2f3c58e4a0b1';
    const at = new Date('2024-05-06T07:08:09.123Z');
    expect(rows[0]).toEqual({
      yes: true,
      no: false,
      // PGlite reads int8 as a bigint and bytea as a Uint8Array, node-postgres as a string and a Buffer.
      bytes: kind === 'pglite' ? new Uint8Array([1, 2, 255]) : Buffer.from([1, 2, 255]),
      small: 42,
      whole: 70000,
      big: kind === 'pglite' ? 9007199254740993n : '9007199254740993',
      none: kind === 'pglite' ? 0 : '0',
      exact: '1.25',
      single: 2.5,
      double: 0.1,
      word: 'runner',
      short: 'x',
      fixed: 'ab',
      id,
      at,
      document: { a: [1, 2], b: { c: 'd' } },
      plain: { a: 1 },
      floats: [1.5, 2],
      words: ['a', 'b,c'],
      wholes: [1, 2],
      flags: [true, false],
      ids: [id],
      moments: [at],
      nothing: null,
    });
  });
});

// PostgreSQL is read by node-postgres, whose parsers are untouched.
const pgliteOnly = kind === 'pglite' ? describe : () => undefined;
pgliteOnly("PGlite's trimmed parser table", () => {
  it('keeps a parser for every column type of the tables that PGlite would parse', async () => {
    const { rows } = await server().database.executeSql(
      `SELECT DISTINCT t.oid::int AS oid, t.typname AS name, t.typcategory = 'A' AS array
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_type t ON t.oid = a.atttypid
        WHERE n.nspname IN ('public', 'pgboss') AND c.relkind IN ('r', 'v', 'm', 'p')
          AND a.attnum > 0 AND NOT a.attisdropped`,
    );
    // PGlite parses its built-in types and every array type; any other comes back as its text.
    const parsed = rows.filter((row) => row.array === true || String(row.oid) in types.parsers);
    expect(parsed.map((row) => row.name)).toEqual(expect.arrayContaining(['timestamptz', 'jsonb', 'bool', 'int4']));
    const pglite = await openPglite({});
    try {
      const missing = parsed.filter((row) => pglite.parsers[Number(row.oid)] === undefined).map((row) => row.name);
      expect(missing).toEqual([]);
      // The table PGlite copies for each query: the built-in parsers and the arrays Stride reads.
      expect(Object.keys(pglite.parsers).length).toBeLessThan(50);
    } finally {
      await pglite.close();
    }
  });
});
