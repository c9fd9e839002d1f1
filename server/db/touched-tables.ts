/**
 * Which tables a piece of work wrote, and which a read looked at, recorded from the queries
 * themselves: every query of the database handle passes this Kysely plugin, which finds the tables
 * in the query's tree (Kysely's nodes, and the SQL text of raw fragments) and adds them to the
 * recording of the async context that runs it. The caches (server/cache/unit-of-work.ts) drop
 * exactly the answers whose tables a write touched, so no writer has to say what it changed.
 *
 * Table names are SQL's (snake_case): the plugin runs after the camelCase one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely, type KyselyPlugin, type OperationNode } from 'kysely';
import type { Database } from './schema.ts';

/** The recording of one piece of work: the tables its queries wrote, and those a read looked at. */
export interface TableRecording {
  readonly written: Set<string>;
  /** Every table a query of a read named; null outside a read. */
  readonly read: Set<string> | null;
}

const recording = new AsyncLocalStorage<TableRecording>();

/** The recording the current async context adds to, if any. */
export function currentRecording(): TableRecording | undefined {
  return recording.getStore();
}

/** Runs `work` with `into` recording what its queries (and everything they start) touch. */
export function recordTables<T>(into: TableRecording, work: () => T): T {
  return recording.run(into, work);
}

/**
 * Runs a read with its queries' tables collected apart. What it writes on the way (a forecast or a
 * token it renewed) counts for nothing: its answer already holds it.
 */
export async function recordRead<T>(read: () => Promise<T>): Promise<{ value: T; tables: Set<string> }> {
  const tables = new Set<string>();
  const value = await recording.run({ written: new Set(), read: tables }, read);
  return { value, tables };
}

/** Nodes holding parameters only (a row's values, a track's JSON): no table inside, not walked. */
const PLAIN_VALUES = new Set(['ValueNode', 'PrimitiveValueListNode', 'DefaultInsertValueNode']);
const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE =
  /\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+"?([a-z_][a-z0-9_]*)/gi;
const RAW_READ = /\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)/gi;

type Node = OperationNode & Record<string, unknown>;

function tableName(node: unknown): string | undefined {
  const table = node as { kind?: string; table?: { identifier?: { name?: string } }; node?: unknown } | undefined;
  if (table?.kind === 'AliasNode') {
    return tableName(table.node);
  }
  return table?.kind === 'TableNode' ? table.table?.identifier?.name : undefined;
}

/** The tables a write node writes: its target(s), not those it reads from. */
function writeTargets(node: Node): unknown[] {
  switch (node.kind) {
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      return [node.into];
    case 'UpdateQueryNode':
      return [node.table];
    case 'DeleteQueryNode':
      return [...((node.from as { froms?: unknown[] } | undefined)?.froms ?? [])];
    default:
      return [];
  }
}

function visit(value: unknown, into: TableRecording): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      visit(item, into);
    }
    return;
  }
  if (typeof value !== 'object' || value === null) {
    return;
  }
  const node = value as Node;
  if (PLAIN_VALUES.has(node.kind)) {
    return;
  }
  if (typeof node.kind === 'string') {
    if (node.kind === 'TableNode') {
      const name = tableName(node);
      if (name !== undefined) {
        into.read?.add(name);
      }
      return;
    }
    if (WRITES.has(node.kind)) {
      for (const target of writeTargets(node)) {
        const name = tableName(target);
        if (name !== undefined) {
          into.written.add(name);
        }
      }
    }
    if (node.kind === 'RawNode') {
      const text = (node.sqlFragments as readonly string[]).join(' ');
      for (const match of text.matchAll(RAW_WRITE)) {
        into.written.add((match[1] ?? '').toLowerCase());
      }
      if (into.read) {
        for (const match of text.matchAll(RAW_READ)) {
          into.read.add((match[1] ?? '').toLowerCase());
        }
      }
    }
  }
  for (const key in node) {
    if (key !== 'kind') {
      visit(node[key], into);
    }
  }
}

/** The plugin that records each query's tables into the recording of the context running it. */
export const tableRecorder: KyselyPlugin = {
  transformQuery: (args) => {
    const into = recording.getStore();
    if (into) {
      visit(args.node, into);
    }
    return args.node;
  },
  transformResult: (args) => Promise.resolve(args.result),
};

/**
 * The tables whose rows a write to each table also changes through a foreign key (ON DELETE CASCADE,
 * SET NULL or SET DEFAULT), each with those below it: a deleted activity takes its tracks along.
 */
export async function foreignKeyDependents(db: Kysely<Database>): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ child: string; parent: string }>`
    select child.relname as child, parent.relname as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    where c.contype = 'f' and c.confdeltype in ('c', 'n', 'd')`.execute(db.withoutPlugins());
  const direct = new Map<string, Set<string>>();
  for (const { child, parent } of rows) {
    direct.set(parent, (direct.get(parent) ?? new Set()).add(child));
  }
  const closure = new Map<string, Set<string>>();
  for (const table of direct.keys()) {
    const reached = new Set<string>();
    const next = [table];
    for (let current = next.pop(); current !== undefined; current = next.pop()) {
      for (const child of direct.get(current) ?? []) {
        if (!reached.has(child)) {
          reached.add(child);
          next.push(child);
        }
      }
    }
    closure.set(table, reached);
  }
  return closure;
}
