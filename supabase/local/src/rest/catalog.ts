import type { Queryable } from '../db/types.ts';

export interface Column {
  name: string;
  /** the type as SQL can name it, e.g. `integer`, `text[]`, `event_status` */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

export interface Table {
  name: string;
  isView: boolean;
  columns: Map<string, Column>;
  /** column names in table order, for `*` */
  columnOrder: string[];
  primaryKey: string[];
  /** primary key and unique constraints, each as its column list */
  uniqueKeys: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface DbFunction {
  name: string;
  args: FunctionArg[];
  /** the return type as SQL names it */
  returnType: string;
  returnsSet: boolean;
  /** a composite result: a table's row type or RETURNS TABLE (…) */
  returnsRows: boolean;
  /** the table whose row type is returned, when it is one of ours (embeds work on it) */
  returnTable: string | undefined;
  /** the columns of a composite result (a table's or type's row, RETURNS TABLE, OUT parameters) */
  resultColumns: Column[];
  returnsVoid: boolean;
  volatility: 'immutable' | 'stable' | 'volatile';
}

export interface Catalog {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, DbFunction[]>;
}

const TABLES_SQL = `
  select c.relname as table, c.oid::text as oid, c.relkind in ('v', 'm') as is_view,
    (select r.ev_action::text from pg_rewrite r where r.ev_class = c.oid and r.rulename = '_RETURN') as view_query,
    coalesce(json_agg(json_build_object(
      'name', a.attname, 'num', a.attnum, 'type', format_type(a.atttypid, a.atttypmod),
      'nullable', not a.attnotnull, 'hasDefault', a.atthasdef or a.attidentity <> '' or a.attgenerated <> ''
    ) order by a.attnum) filter (where a.attnum is not null), '[]')::text as columns
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
  left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where c.relkind in ('r', 'v', 'm', 'f', 'p')
  group by c.oid, c.relname, c.relkind`;

const CONSTRAINTS_SQL = `
  select con.conname as name, con.contype as type, src.relname as table, ref.relname as ref_table,
    (select json_agg(a.attname order by k.ord)::text from unnest(con.conkey) with ordinality k(num, ord)
       join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num) as columns,
    (select json_agg(a.attname order by k.ord)::text from unnest(con.confkey) with ordinality k(num, ord)
       join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num) as ref_columns
  from pg_constraint con
  join pg_class src on src.oid = con.conrelid
  join pg_namespace n on n.oid = src.relnamespace and n.nspname = 'public'
  left join pg_class ref on ref.oid = con.confrelid
  left join pg_namespace refn on refn.oid = ref.relnamespace
  where con.contype in ('p', 'u', 'f') and (con.contype <> 'f' or refn.nspname = 'public')`;

const FUNCTIONS_SQL = `
  select p.proname as name, p.proretset as returns_set, p.provolatile as volatility,
    format_type(p.prorettype, null) as return_type,
    p.prorettype = 'void'::regtype as returns_void,
    t.typtype = 'c' or p.prorettype = 'record'::regtype as returns_rows,
    case when rc.relnamespace = 'public'::regnamespace then rc.relname end as return_table,
    p.pronargs as nargs, p.pronargdefaults as nargdefaults,
    coalesce(array_to_json(p.proargnames), '[]')::text as arg_names,
    (select coalesce(json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod))
       order by a.attnum), '[]')::text
       from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) as type_columns,
    coalesce(array_to_json(p.proargmodes), '[]')::text as arg_modes,
    (select coalesce(json_agg(format_type(x, null) order by o), '[]')::text
       from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o)) as arg_types
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace and n.nspname = 'public'
  join pg_type t on t.oid = p.prorettype
  left join pg_class rc on rc.oid = t.typrelid
  where p.prokind = 'f'
  order by p.oid`;

interface TableRow {
  table: string;
  oid: string;
  is_view: boolean;
  view_query: string | null;
  columns: string;
}

interface ConstraintRow {
  name: string;
  type: 'p' | 'u' | 'f';
  table: string;
  ref_table: string | null;
  columns: string | null;
  ref_columns: string | null;
}

interface FunctionRow {
  name: string;
  returns_set: boolean;
  volatility: 'i' | 's' | 'v';
  return_type: string;
  returns_void: boolean;
  returns_rows: boolean;
  return_table: string | null;
  nargs: number;
  nargdefaults: number;
  arg_names: string;
  type_columns: string;
  arg_modes: string;
  arg_types: string;
}

const VOLATILITY = { i: 'immutable', s: 'stable', v: 'volatile' } as const;

function toFunction(row: FunctionRow): DbFunction {
  const names = JSON.parse(row.arg_names) as string[];
  const modes = JSON.parse(row.arg_modes) as string[];
  const types = JSON.parse(row.arg_types) as string[];
  // Input arguments are those with mode i, b or v (or every argument when there are no modes).
  const inputs = types
    .map((type, index) => ({ type, name: names[index] ?? '', mode: modes[index] ?? 'i' }))
    .filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
  const firstDefault = row.nargs - row.nargdefaults;
  // RETURNS TABLE and OUT parameters name the result's columns; a named composite type lists its own.
  const outputs = types
    .map((type, index) => ({ type, name: names[index] ?? '', mode: modes[index] ?? 'i' }))
    .filter((arg) => arg.mode === 'o' || arg.mode === 'b' || arg.mode === 't');
  const typeColumns = JSON.parse(row.type_columns) as { name: string; type: string }[];
  const resultColumns = (typeColumns.length > 0 ? typeColumns : row.returns_rows ? outputs : []).map(
    (column) => ({ name: column.name, type: column.type, nullable: true, hasDefault: false }),
  );
  return {
    name: row.name,
    args: inputs.map((arg, index) => ({ name: arg.name, type: arg.type, hasDefault: index >= firstDefault })),
    returnType: row.return_type,
    returnsSet: row.returns_set,
    returnsRows: row.returns_rows,
    returnTable: row.return_table ?? undefined,
    resultColumns,
    returnsVoid: row.returns_void,
    volatility: VOLATILITY[row.volatility],
  };
}

/** Reads tables, columns, keys, foreign keys and functions of the `public` schema. */
export async function loadCatalog(db: Queryable): Promise<Catalog> {
  const [tableRows, constraintRows, functionRows] = [
    await db.query<TableRow>(TABLES_SQL),
    await db.query<ConstraintRow>(CONSTRAINTS_SQL),
    await db.query<FunctionRow>(FUNCTIONS_SQL),
  ];
  const tables = new Map<string, Table>();
  const byOid = new Map<string, { name: string; columnsByNum: Map<number, string> }>();
  for (const row of tableRows.rows) {
    const columns = JSON.parse(row.columns) as (Column & { num: number })[];
    byOid.set(row.oid, { name: row.table, columnsByNum: new Map(columns.map((c) => [c.num, c.name])) });
    tables.set(row.table, {
      name: row.table,
      isView: row.is_view,
      columns: new Map(columns.map((column) => [column.name, column])),
      columnOrder: columns.map((column) => column.name),
      primaryKey: [],
      uniqueKeys: [],
    });
  }
  const foreignKeys: ForeignKey[] = [];
  for (const row of constraintRows.rows) {
    const columns = JSON.parse(row.columns ?? '[]') as string[];
    const table = tables.get(row.table);
    if (!table) continue;
    if (row.type === 'p') table.primaryKey = columns;
    if (row.type !== 'f') table.uniqueKeys.push(columns);
    else if (row.ref_table) {
      const refColumns = JSON.parse(row.ref_columns ?? '[]') as string[];
      foreignKeys.push({ name: row.name, table: row.table, columns, refTable: row.ref_table, refColumns });
    }
  }
  for (const row of tableRows.rows) {
    if (!row.view_query) continue;
    const sources = viewColumnSources(row.view_query, byOid);
    const view = tables.get(row.table);
    if (view) foreignKeys.push(...viewRelationships(view, sources, tables, foreignKeys));
  }
  const functions = new Map<string, DbFunction[]>();
  for (const row of functionRows.rows) {
    const fn = toFunction(row);
    functions.set(fn.name, [...(functions.get(fn.name) ?? []), fn]);
  }
  return { tables, foreignKeys, functions };
}

type ColumnSources = Map<string, { table: string; column: string }>;

/**
 * Which table column each view column shows, read from the view's stored query (its target entries carry
 * the original table and column), as PostgREST does to let views take part in embedding.
 */
function viewColumnSources(
  viewQuery: string,
  byOid: Map<string, { name: string; columnsByNum: Map<number, string> }>,
): ColumnSources {
  const sources: ColumnSources = new Map();
  // The view's own target list comes after the range table and join tree: the last entry of a name wins.
  for (const match of viewQuery.matchAll(
    /:resname (\S+) :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+)/g,
  )) {
    const [, name = '', oid = '', num = ''] = match;
    const table = byOid.get(oid);
    const column = table?.columnsByNum.get(Number(num));
    if (table && column) sources.set(name, { table: table.name, column });
    else sources.delete(name);
  }
  return sources;
}

/** Foreign keys of the underlying tables, restated for the view wherever it shows all their columns. */
function viewRelationships(
  view: Table,
  sources: ColumnSources,
  tables: Map<string, Table>,
  foreignKeys: ForeignKey[],
): ForeignKey[] {
  const viewColumnFor = (table: string, column: string) =>
    [...sources].find(
      ([name, source]) => view.columns.has(name) && source.table === table && source.column === column,
    )?.[0];
  const mapAll = (table: string, columns: string[]) => {
    const mapped = columns.map((column) => viewColumnFor(table, column));
    return mapped.every((name): name is string => name !== undefined) ? mapped : undefined;
  };
  for (const table of tables.values()) {
    if (table.isView || table.primaryKey.length === 0) continue;
    const key = mapAll(table.name, table.primaryKey);
    if (key && view.primaryKey.length === 0) {
      view.primaryKey = key;
      view.uniqueKeys.push(key);
    }
  }
  const derived: ForeignKey[] = [];
  for (const fk of foreignKeys) {
    const refColumns = mapAll(fk.refTable, fk.refColumns);
    if (refColumns) derived.push({ ...fk, refTable: view.name, refColumns });
    const columns = mapAll(fk.table, fk.columns);
    if (columns) derived.push({ ...fk, table: view.name, columns });
  }
  return derived;
}

const cache = new WeakMap<object, Promise<Catalog>>();

/** The cached catalog of this database, read on first use. */
export function getCatalog(db: Queryable): Promise<Catalog> {
  let catalog = cache.get(db);
  if (!catalog) {
    catalog = loadCatalog(db);
    cache.set(db, catalog);
    catalog.catch(() => cache.delete(db));
  }
  return catalog;
}

/** Reads the catalog again (after a miss: a migration or a test may have created something since). */
export function reloadCatalog(db: Queryable): Promise<Catalog> {
  cache.delete(db);
  return getCatalog(db);
}
