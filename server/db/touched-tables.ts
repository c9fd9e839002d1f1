/**
 * Which tables a piece of work wrote, and which a read looked at, recorded from the queries
 * themselves: every query of the database handle passes this Kysely plugin, which finds the tables
 * in the query's tree (Kysely's nodes, and the SQL text of raw fragments) and adds them to the
 * recording of the async context that runs it. The caches (server/cache/unit-of-work.ts) drop
 * exactly the answers whose data a write touched, so no writer has to say what it changed.
 *
 * The marks, one rule ({@link changedBy}): an update writes `table.column` for each column it sets;
 * an insert, a delete, a merge or raw SQL writes `table` (rows come or go, or the columns are not
 * known). A read marks each `table` its queries named and, for each, either the columns the query
 * names anywhere (`table.column`: selected, filtered, joined or ordered on) or `table.*` when it
 * may use any (a `select *`, a `*` other than that of `count(*)`, a whole row: a column or raw
 * word that is a table's name or alias). Columns are not told apart by table within one query: each
 * named column counts for every table it names.
 *
 * Table names are SQL's (snake_case): the plugin runs after the camelCase one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely, type KyselyPlugin, type OperationNode } from 'kysely';
import type { Database } from './schema.ts';

/** The recording of one piece of work: what its queries wrote, and what a read looked at. */
export interface TableRecording {
  /** `table` or `table.column` marks (module comment). */
  readonly written: Set<string>;
  /** `table`, `table.*` and `table.column` marks of every query of a read; null outside a read. */
  readonly read: Set<string> | null;
}

/** The table a mark is of. */
export const tableOfMark = (mark: string): string => mark.split('.', 1)[0] ?? mark;

/**
 * Whether writes marked `written` change what a read marked `read` read: a table written whole that
 * it read, or a column updated of a table it read wholly (`table.*`) or by that column.
 */
export function changedBy(read: ReadonlySet<string>, written: Iterable<string>): boolean {
  for (const mark of written) {
    const dot = mark.indexOf('.');
    if (dot < 0) {
      if (read.has(mark)) {
        return true;
      }
      continue;
    }
    const table = mark.slice(0, dot);
    if (read.has(table) && (read.has(`${table}.*`) || read.has(mark))) {
      return true;
    }
  }
  return false;
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
 * Runs a read with its queries' marks collected apart. What it writes on the way (a forecast or a
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
const RAW_READ = /\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?(?:\s+(?:as\s+)?"?([a-z_][a-z0-9_]*))?/gi;
/** Words after a table in raw SQL that are no alias of it. */
const NOT_ALIASES = new Set([
  'where',
  'join',
  'inner',
  'left',
  'right',
  'full',
  'cross',
  'natural',
  'lateral',
  'on',
  'using',
  'group',
  'order',
  'limit',
  'offset',
  'set',
  'values',
  'returning',
  'union',
  'except',
  'intersect',
  'having',
  'window',
  'for',
  'select',
  'default',
  'as',
]);

type Node = OperationNode & Record<string, unknown>;

/** What one query names: its tables (and their aliases), its columns, and whether it may use any. */
interface Scan {
  tables: Set<string>;
  aliases: Set<string>;
  columns: Set<string>;
  anyColumn: boolean;
  /** The words of its raw SQL not followed by a dot: columns, or a whole row by its table's name. */
  rawWords: Set<string>;
}

const RAW_WORD = /"?([a-z_][a-z0-9_]*)"?(\s*\.)?/gi;
/** A `*` in raw SQL that is not `count(*)`: any column. */
const RAW_STAR = /(?<!\(\s*)\*(?!\s*\))/;

function identifier(node: unknown): string | undefined {
  const named = node as { kind?: string; name?: string; column?: unknown } | undefined;
  if (named?.kind === 'IdentifierNode') {
    return named.name;
  }
  return named?.kind === 'ColumnNode' ? identifier(named.column) : undefined;
}

function tableName(node: unknown): string | undefined {
  const table = node as { kind?: string; table?: { identifier?: { name?: string } }; node?: unknown } | undefined;
  if (table?.kind === 'AliasNode') {
    return tableName(table.node);
  }
  return table?.kind === 'TableNode' ? table.table?.identifier?.name : undefined;
}

/** A write's keyword ending a raw fragment, its table the parameter that follows (`sql.table`). */
const RAW_WRITE_BEFORE_TABLE = /\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s*$/i;

/** The table a raw parameter names (`sql.table(name)`), if it is one. */
function parameterTable(node: unknown): string | undefined {
  const raw = node as { kind?: string; sqlFragments?: readonly string[]; parameters?: readonly unknown[] } | undefined;
  if (
    raw?.kind === 'RawNode' &&
    raw.parameters?.length === 1 &&
    raw.sqlFragments?.every((text) => text.trim() === '')
  ) {
    return parameterTable(raw.parameters[0]);
  }
  return tableName(node);
}

/** The marks a write node writes: its target(s), not those it reads from (module comment). */
function writeMarks(node: Node): string[] {
  switch (node.kind) {
    case 'InsertQueryNode':
    case 'MergeQueryNode': {
      const table = tableName(node.into);
      return table === undefined ? [] : [table];
    }
    case 'UpdateQueryNode': {
      const table = tableName(node.table);
      if (table === undefined) {
        return [];
      }
      const columns = ((node.updates as { column?: unknown }[] | undefined) ?? []).map((update) =>
        identifier(update.column),
      );
      return columns.length === 0 || columns.some((column) => column === undefined)
        ? [table]
        : columns.map((column) => `${table}.${column}`);
    }
    case 'DeleteQueryNode':
      return ((node.from as { froms?: unknown[] } | undefined)?.froms ?? []).flatMap((from) => {
        const table = tableName(from);
        return table === undefined ? [] : [table];
      });
    default:
      return [];
  }
}

/** An aggregate's arguments that are `*` alone (Kysely's countAll: a selection of SelectAllNode). */
function isCountOfRows(aggregated: unknown): boolean {
  if (!Array.isArray(aggregated) || aggregated.length !== 1) {
    return false;
  }
  const only = aggregated[0] as Node;
  const selected = only.kind === 'SelectionNode' ? (only.selection as Node | undefined) : only;
  return selected?.kind === 'SelectAllNode';
}

function visit(value: unknown, into: TableRecording, scan: Scan): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      visit(item, into, scan);
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
    switch (node.kind) {
      case 'TableNode': {
        const name = tableName(node);
        if (name !== undefined) {
          scan.tables.add(name);
        }
        return;
      }
      case 'ColumnNode': {
        const name = identifier(node);
        if (name !== undefined) {
          scan.columns.add(name);
        }
        return;
      }
      case 'SelectAllNode':
        scan.anyColumn = true;
        return;
      case 'AggregateFunctionNode':
        // count(*) counts rows, whatever their columns hold: its `*` is no whole row.
        if (node.func === 'count' && isCountOfRows(node.aggregated)) {
          for (const key in node) {
            if (key !== 'kind' && key !== 'aggregated') {
              visit(node[key], into, scan);
            }
          }
          return;
        }
        break;
      case 'AliasNode': {
        const alias = identifier(node.alias);
        if (alias !== undefined && tableName(node.node) !== undefined) {
          scan.aliases.add(alias);
        }
        break;
      }
      case 'RawNode': {
        const fragments = node.sqlFragments as readonly string[];
        const parameters = (node.parameters as readonly unknown[] | undefined) ?? [];
        fragments.forEach((fragment, index) => {
          const table = RAW_WRITE_BEFORE_TABLE.test(fragment) ? parameterTable(parameters[index]) : undefined;
          if (table !== undefined) {
            into.written.add(table);
          }
        });
        const text = fragments.join(' ');
        for (const match of text.matchAll(RAW_WRITE)) {
          into.written.add((match[1] ?? '').toLowerCase());
        }
        for (const match of text.matchAll(RAW_READ)) {
          scan.tables.add((match[1] ?? '').toLowerCase());
          const alias = match[2]?.toLowerCase();
          if (alias !== undefined && !NOT_ALIASES.has(alias)) {
            scan.aliases.add(alias);
          }
        }
        // A table's name where a query names its table is no whole row.
        for (const match of text.replace(RAW_READ, ' ').matchAll(RAW_WORD)) {
          if (match[2] === undefined) {
            scan.rawWords.add((match[1] ?? '').toLowerCase());
          }
        }
        if (RAW_STAR.test(text)) {
          scan.anyColumn = true;
        }
        break;
      }
      default:
        if (WRITES.has(node.kind)) {
          for (const mark of writeMarks(node)) {
            into.written.add(mark);
          }
        }
    }
  }
  for (const key in node) {
    if (key !== 'kind') {
      visit(node[key], into, scan);
    }
  }
}

/** Adds one query's read marks to the read recording (module comment). */
function markRead(scan: Scan, read: Set<string>): void {
  const columns = [...scan.columns, ...scan.rawWords];
  const wholeRow = columns.some((word) => scan.tables.has(word) || scan.aliases.has(word));
  for (const table of scan.tables) {
    read.add(table);
    if (scan.anyColumn || wholeRow) {
      read.add(`${table}.*`);
    } else {
      for (const column of columns) {
        read.add(`${table}.${column}`);
      }
    }
  }
}

/** The plugin that records each query's marks into the recording of the context running it. */
export const tableRecorder: KyselyPlugin = {
  transformQuery: (args) => {
    const into = recording.getStore();
    if (into) {
      const scan: Scan = {
        tables: new Set(),
        aliases: new Set(),
        columns: new Set(),
        anyColumn: false,
        rawWords: new Set(),
      };
      visit(args.node, into, scan);
      if (into.read) {
        markRead(scan, into.read);
      }
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
