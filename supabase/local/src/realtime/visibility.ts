import type { Database, Queryable } from '../db/types.ts';
import type { Binding } from './bindings.ts';

/** One queued change, as the capture trigger stored it (full rows, before any role's view of them). */
export interface Change {
  id: number;
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  record: string | null;
  oldRecord: string | null;
  commitTimestamp: string;
}

export interface TableInfo {
  primaryKey: string[];
  rowSecurity: boolean;
  replicaIdentityFull: boolean;
}

export async function readTableInfo(db: Database, schema: string, table: string): Promise<TableInfo> {
  const { rows } = await db.query<{ pk: string[] | null; rls: boolean; full: boolean }>(
    `select c.relrowsecurity as rls, c.relreplident = 'f' as full,
       array(select a.attname::text from pg_index i
             join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
             where i.indrelid = c.oid and i.indisprimary order by a.attnum) as pk
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = $2`,
    [schema, table],
  );
  const row = rows[0];
  return {
    primaryKey: row?.pk ?? [],
    rowSecurity: row?.rls ?? false,
    replicaIdentityFull: row?.full ?? false,
  };
}

const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

const SQL_OPERATORS = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=', in: '=' } as const;

export interface Verdict {
  /** Ids of the bindings this subscriber gets the change for (empty: none). */
  ids: number[];
  /** The `data` object of the postgres_changes message, as JSON text. */
  dataJson: string;
}

/**
 * Decides, inside a transaction under the subscriber's role and claims, whether it may see the change and
 * which of its bindings' filters match, and builds the row data it is allowed to read. As on hosted
 * Supabase: the row is read back by primary key so RLS decides; a DELETE cannot be read back, so it goes to
 * anyone who may select from the table and, under RLS, carries only the primary key; only columns the role
 * may select are sent; old_record is the primary key unless the table's replica identity is full.
 *
 * Filters see only what the subscriber is sent: a DELETE's filters are checked against its old_record (the
 * primary key under RLS or by default, as hosted's replica identity gives it), and a filter on a column the
 * role may not select never matches, so no filter answers a yes/no question about hidden values.
 */
export async function judge(
  tx: Queryable,
  change: Change,
  info: TableInfo,
  bindings: Binding[],
): Promise<Verdict | undefined> {
  const table = `${ident(change.schema)}.${ident(change.table)}`;
  const fullOld = info.replicaIdentityFull && !(change.type === 'DELETE' && info.rowSecurity);
  const params: unknown[] = [table, change.record, change.oldRecord, info.primaryKey, fullOld];
  const pk = info.primaryKey.map(ident);
  const subject = change.type === 'DELETE' ? 'old' : 'record';
  const subjectRow = `jsonb_populate_record(null::${table}, (select ${subject} from visible)) r`;
  const readBack =
    change.type === 'DELETE'
      ? 'exists (select 1 from cols)'
      : `exists (select 1 from ${table} t where (${pk.map((c) => `t.${c}`).join(', ')}) =
           (select ${pk.map((c) => `r.${c}`).join(', ')} from ${subjectRow}))`;
  // Bindings with the same filter share one test (many channels often listen alike).
  const tests = new Map<string, string>();
  const testOf = bindings.map((binding) => {
    if (!binding.condition) return 'true';
    const { column, operator, values } = binding.condition;
    const key = JSON.stringify([column, operator, values]);
    const known = tests.get(key);
    if (known) return known;
    params.push(JSON.stringify(values.map((value) => ({ [column]: value }))));
    // Each filter value becomes a row of the table's own type, so Postgres casts it as the column is typed;
    // a column missing from what the subscriber is sent never matches.
    const test = `coalesce((select bool_or(r.${ident(column)} ${SQL_OPERATORS[operator]} f.${ident(column)})
      from ${subjectRow}, jsonb_array_elements($${params.length}::jsonb) e,
        jsonb_populate_record(null::${table}, e) f
      where (select ${subject} from visible) ? ${literal(column)}), false)`;
    tests.set(key, test);
    return test;
  });
  const { rows } = await tx.query<{
    visible: boolean;
    matches: boolean[];
    columns: string;
    record: string;
    old: string;
  }>(
    `with cols as (
       select a.attnum, a.attname::text as name, t.typname::text as type from pg_attribute a
       join pg_type t on t.oid = a.atttypid
       where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
         and has_column_privilege(a.attrelid, a.attnum, 'SELECT')),
     visible as (select
       (select coalesce(jsonb_object_agg(e.key, e.value), '{}') from jsonb_each(coalesce($2::jsonb, '{}')) e
          where e.key in (select name from cols)) as record,
       (select coalesce(jsonb_object_agg(e.key, e.value), '{}') from jsonb_each(coalesce($3::jsonb, '{}')) e
          where e.key in (select name from cols) and ($5::boolean or e.key = any($4::text[]))) as old)
     select ${readBack} as visible, array[${testOf.join(', ')}]::boolean[] as matches,
       (select coalesce(jsonb_agg(jsonb_build_object('name', name, 'type', type) order by attnum), '[]')
          from cols)::text as columns,
       (select record from visible)::text as record, (select old from visible)::text as old`,
    params,
  );
  const row = rows[0];
  if (!row?.visible) return undefined;
  const ids = bindings.filter((_, i) => row.matches[i]).map((binding) => binding.id);
  if (ids.length === 0) return undefined;
  const { schema, table: name, commitTimestamp, type } = change;
  const head = JSON.stringify({
    schema,
    table: name,
    commit_timestamp: commitTimestamp,
    eventType: type,
    type,
  });
  const record = type === 'DELETE' ? '{}' : row.record;
  const oldRecord = type === 'INSERT' ? '{}' : row.old;
  const dataJson = `${head.slice(0, -1)},"columns":${row.columns},"record":${record},"old_record":${oldRecord},"errors":null}`;
  return { ids, dataJson };
}
