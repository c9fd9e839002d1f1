/**
 * The data folder and PGlite's folder are created owner-only (0700), and a data folder an earlier
 * version left world-readable is tightened when the server starts.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { startTestServer } from '../test-support/test-server.ts';

const modeOf = (file: string) => statSync(file).mode & 0o777;

let root: string;

beforeEach(() => {
  // The parent is left open to others on purpose: only Stride's own folders must be closed.
  root = mkdtempSync(path.join(tmpdir(), 'stride-private-'));
  chmodSync(root, 0o755);
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('the data folder', () => {
  it('is created 0700 with PGlite 0700 inside it, where the database files are', async () => {
    const dataDir = path.join(root, 'data');
    const pgliteDir = path.join(dataDir, 'pglite');
    const database = await openDatabase({ pgliteDir });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(pgliteDir)).toBe(0o700);
      expect(readdirSync(pgliteDir)).toContain('PG_VERSION');
    } finally {
      await database.close();
    }
    // Creating a PGlite folder on disk runs initdb: slow on a busy machine, never a wait on time.
  }, 180_000);

  it('is tightened to 0700 at start when it was left 0755', async () => {
    const dataDir = path.join(root, 'old-data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const server = await startTestServer({ dataDir });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
    } finally {
      await server.stop();
    }
  });
});
