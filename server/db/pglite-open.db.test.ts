/**
 * PGlite on a data folder keeps each file's size after asking it once (keepFileSizes): what
 * PostgreSQL then reads as a relation's size is the file's size on disk, however the relation grew
 * or was cut short, and the rows are all there when the folder is opened again.
 */
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepFileSizes, openPglite } from './pglite-open.ts';

describe('the kept file sizes', () => {
  type Node = { mode: number };
  const FILE = 0o100644;
  const DIRECTORY = 0o040755;
  /** A file system of one file whose size the test sets, counting the sizes it was asked. */
  function fakeFs() {
    let onDisk = 0;
    let asked = 0;
    const nodefs = {
      stream_ops: {
        llseek: (_stream: { node: Node }, offset: number, whence: number) => {
          if (whence !== 2) {
            return offset;
          }
          asked += 1;
          if (onDisk + offset < 0) {
            throw new Error('EINVAL');
          }
          return onDisk + offset;
        },
        write: (_stream: { node: Node }, _buffer: unknown, _offset: number, length: number, position: number) => {
          onDisk = Math.max(onDisk, position + length);
          return length;
        },
      },
      node_ops: {
        setattr: (_node: Node, attributes: { size?: number }) => {
          onDisk = attributes.size ?? onDisk;
        },
      },
    };
    keepFileSizes({ filesystems: { NODEFS: nodefs }, isFile: (mode) => mode === FILE });
    return {
      ops: nodefs,
      asked: () => asked,
      setOnDisk: (size: number) => void (onDisk = size),
    };
  }

  it('asks a file its size once, grows it with each write and forgets it on a truncation', () => {
    const fs = fakeFs();
    const stream = { node: { mode: FILE } };
    fs.setOnDisk(8192);
    expect(fs.ops.stream_ops.llseek(stream, 0, 2)).toBe(8192);
    expect(fs.ops.stream_ops.llseek(stream, 0, 2)).toBe(8192);
    expect(fs.asked()).toBe(1);
    fs.ops.stream_ops.write(stream, null, 0, 8192, 8192);
    expect(fs.ops.stream_ops.llseek(stream, -100, 2)).toBe(16384 - 100);
    // A write inside the file does not shrink it.
    fs.ops.stream_ops.write(stream, null, 0, 10, 0);
    expect(fs.ops.stream_ops.llseek(stream, 0, 2)).toBe(16384);
    expect(fs.asked()).toBe(1);
    fs.ops.node_ops.setattr(stream.node, { size: 4096 });
    expect(fs.ops.stream_ops.llseek(stream, 0, 2)).toBe(4096);
    expect(fs.asked()).toBe(2);
    // Before the start is refused as the file system refuses it; other seeks are its own.
    expect(() => fs.ops.stream_ops.llseek(stream, -5000, 2)).toThrow('EINVAL');
    expect(fs.ops.stream_ops.llseek(stream, 42, 0)).toBe(42);
    const directory = { node: { mode: DIRECTORY } };
    fs.ops.stream_ops.llseek(directory, 0, 2);
    fs.ops.stream_ops.llseek(directory, 0, 2);
    expect(fs.asked()).toBe(5);
  });

  describe('on a real data folder', () => {
    let folder: string;
    let pglite: PGlite;

    beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), 'stride-pglite-sizes-'));
      pglite = await openPglite({ pgliteDir: path.join(folder, 'pglite') });
    });

    afterAll(async () => {
      await pglite.close();
      await rm(folder, { recursive: true, force: true });
    });

    /** The relation's size as PostgreSQL sees it, and its file's size on disk. */
    async function sizes(table: string): Promise<{ seen: number; onDisk: number }> {
      const { rows } = await pglite.query<{ seen: number; file: string }>(
        `select pg_relation_size('${table}')::int as seen, pg_relation_filepath('${table}') as file`,
      );
      const row = rows[0] as { seen: number; file: string };
      return { seen: row.seen, onDisk: statSync(path.join(folder, 'pglite', row.file)).size };
    }

    it("sees each relation's size on disk as it grows and is cut short, and keeps every row", async () => {
      await pglite.exec('create table runs (id int primary key, note text)');
      const note = 'x'.repeat(400);
      for (let batch = 0; batch < 10; batch += 1) {
        await pglite.query(
          `insert into runs select g, $1 from generate_series(${batch * 1000 + 1}, ${(batch + 1) * 1000}) as g`,
          [note],
        );
        const { seen, onDisk } = await sizes('runs');
        expect(seen).toBe(onDisk);
      }
      const grown = await sizes('runs');
      expect(grown.seen).toBeGreaterThan(4_000_000);
      // The table's tail emptied and vacuumed: PostgreSQL truncates the file.
      await pglite.exec('delete from runs where id > 2000');
      await pglite.exec('vacuum runs');
      const cut = await sizes('runs');
      expect(cut.seen).toBe(cut.onDisk);
      expect(cut.seen).toBeLessThan(grown.seen / 2);
      await pglite.query(`insert into runs select g, $1 from generate_series(2001, 6000) as g`, [note]);
      const again = await sizes('runs');
      expect(again.seen).toBe(again.onDisk);
      await pglite.close();

      pglite = await openPglite({ pgliteDir: path.join(folder, 'pglite') });
      const { rows } = await pglite.query<{ count: number; top: number }>(
        'select count(*)::int as count, max(id) as top from runs',
      );
      expect(rows[0]).toEqual({ count: 6000, top: 6000 });
    });
  });
});
