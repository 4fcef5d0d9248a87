// The schema of the public tables and views, read from the migrations: columns, kinds, keys.
import { readdirSync, readFileSync } from 'node:fs';

// ---------------------------------------------------------------- the schema, read from the migrations

export type Kind =
  'uuid' | 'text' | 'int' | 'smallint' | 'bool' | 'date' | 'timestamptz' | 'jsonb' | 'enum' | 'other';

export interface Column {
  name: string;
  kind: Kind;
  enumValues: string[];
  notNull: boolean;
  hasDefault: boolean;
  /** from a `char_length(col) <= n` check */
  maxLength: number | undefined;
  /** any check on the column, so a blank or odd value may fail it */
  checked: boolean;
}

interface TableDef {
  name: string;
  columns: Column[];
  /** unique constraints (and the primary key) as column lists */
  uniques: string[][];
}

/** A foreign key as PostgREST embeds it; constraint names are Postgres's defaults for inline references. */
interface ForeignKey {
  table: string;
  column: string;
  ref: string;
  refColumn: string;
  name: string;
}

const KINDS: Record<string, Kind> = {
  uuid: 'uuid',
  text: 'text',
  integer: 'int',
  smallint: 'smallint',
  boolean: 'bool',
  date: 'date',
  timestamptz: 'timestamptz',
  jsonb: 'jsonb',
};

const MIGRATIONS = new URL('../../../../migrations/', import.meta.url);

function migrationsText(): string {
  return readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => readFileSync(new URL(file, MIGRATIONS), 'utf8'))
    .join('\n');
}

function parseEnums(sql: string): Map<string, string[]> {
  const enums = new Map<string, string[]>();
  for (const [, name = '', list = ''] of sql.matchAll(/create type public\.(\w+) as enum \(([^)]*)\)/g)) {
    enums.set(
      name,
      [...list.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? ''),
    );
  }
  return enums;
}

const TABLE_CONSTRAINT = /^(constraint|primary key|unique|check|foreign key|exclude)\b/;

/** One `create table` body: its columns, unique keys and foreign keys. */
function parseTable(name: string, body: string, enums: Map<string, string[]>, fks: ForeignKey[]): TableDef {
  const table: TableDef = { name, columns: [], uniques: [] };
  for (const raw of body.split('\n')) {
    const line = raw.replace(/--.*$/, '').trim();
    if (line === '') continue;
    const unique = /^constraint \w+ unique \(([^)]*)\)/.exec(line);
    if (unique) table.uniques.push((unique[1] ?? '').split(',').map((column) => column.trim()));
    const match = /^(\w+)\s+([\w.]+)(.*)$/.exec(line);
    if (TABLE_CONSTRAINT.test(line) || !match) continue;
    const [, column = '', type = '', rest = ''] = match;
    const enumValues = enums.get(type.replace(/^public\./, '')) ?? [];
    table.columns.push({
      name: column,
      kind: enumValues.length > 0 ? 'enum' : (KINDS[type] ?? 'other'),
      enumValues,
      notNull: /not null|primary key/.test(rest),
      hasDefault: /\bdefault\b/.test(rest),
      maxLength: Number(/char_length\(\w+\) <= (\d+)/.exec(rest)?.[1]) || undefined,
      checked: /\bcheck\b/.test(rest),
    });
    if (/primary key|\bunique\b/.test(rest)) table.uniques.push([column]);
    const reference = /references public\.(\w+) \((\w+)\)/.exec(rest);
    if (reference) {
      const [, ref = '', refColumn = ''] = reference;
      fks.push({ table: name, column, ref, refColumn, name: `${name}_${column}_fkey` });
    }
  }
  return table;
}

/**
 * The views' columns: each names the table column it shows (see their `create view`) and takes its type,
 * or names its type outright (the two `::integer` sums).
 */
const VIEWS: Record<string, Record<string, string>> = {
  public_profiles: { id: 'profiles.id', full_name: 'profiles.full_name' },
  booking_balances: {
    booking_id: 'bookings.id',
    total_cents: 'bookings.total_cents',
    paid_cents: 'integer',
    remaining_cents: 'integer',
  },
};

function addViews(tables: Map<string, TableDef>, fks: ForeignKey[]): void {
  for (const [view, sources] of Object.entries(VIEWS)) {
    const columns = Object.entries(sources).map(([name, source]): Column => {
      const [table = '', column = ''] = source.split('.');
      const shown = tables.get(table)?.columns.find((candidate) => candidate.name === column);
      if (source.includes('.') && !shown)
        throw new Error(`view ${view}: no column ${source} in the migrations`);
      return shown
        ? { ...shown, name }
        : {
            name,
            kind: KINDS[source] ?? 'other',
            enumValues: [],
            notNull: false,
            hasDefault: false,
            maxLength: undefined,
            checked: false,
          };
    });
    tables.set(view, { name: view, columns, uniques: [] });
    // Like PostgREST, a view showing a referenced column takes part in the foreign keys that point at it.
    for (const fk of [...fks]) {
      const shown = Object.entries(sources).find(([, source]) => source === `${fk.ref}.${fk.refColumn}`);
      if (shown) fks.push({ ...fk, ref: view, refColumn: shown[0] });
    }
  }
}

function readSchema(): { tables: Map<string, TableDef>; fks: ForeignKey[] } {
  const sql = migrationsText();
  const enums = parseEnums(sql);
  const tables = new Map<string, TableDef>();
  const fks: ForeignKey[] = [];
  for (const [, name = '', body = ''] of sql.matchAll(/create table public\.(\w+) \(\n([\s\S]*?)\n\);/g)) {
    tables.set(name, parseTable(name, body, enums, fks));
  }
  addViews(tables, fks);
  return { tables, fks };
}

export const SCHEMA = readSchema();

export function tableDef(name: string): TableDef {
  const table = SCHEMA.tables.get(name);
  if (!table) throw new Error(`no table public.${name} in the migrations`);
  return table;
}

export function columnDef(table: string, name: string): Column {
  const column = tableDef(table).columns.find((candidate) => candidate.name === name);
  if (!column) throw new Error(`no column ${table}.${name} in the migrations`);
  return column;
}

export const columnsOf = (table: string) => tableDef(table).columns;

export const isTyped = (column: Column) => column.kind !== 'text' && column.kind !== 'other';
export const isNumber = (column: Column) => column.kind === 'int' || column.kind === 'smallint';
