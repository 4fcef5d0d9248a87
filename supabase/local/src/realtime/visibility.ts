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
 */
export async function judge(
  tx: Queryable,
  change: Change,
  info: TableInfo,
  bindings: Binding[],
): Promise<Verdict | undefined> {
  const table = `${ident(change.schema)}.${ident(change.table)}`;
  const subject = change.type === 'DELETE' ? change.oldRecord : change.record;
  const params: unknown[] = [table, subject, change.record, change.oldRecord, info.primaryKey];
  const pk = info.primaryKey.map(ident);
  const subjectRow = `jsonb_populate_record(null::${table}, (select row from subject)) r`;
  const readBack =
    change.type === 'DELETE'
      ? 'exists (select 1 from cols)'
      : `exists (select 1 from ${table} t where (${pk.map((c) => `t.${c}`).join(', ')}) =
           (select ${pk.map((c) => `r.${c}`).join(', ')} from ${subjectRow}))`;
  const matches = bindings.map((binding) => {
    if (!binding.condition) return 'true';
    const { column, operator, values } = binding.condition;
    params.push(JSON.stringify(values.map((value) => ({ [column]: value }))));
    // Each filter value becomes a row of the table's own type, so Postgres casts it as the column is typed.
    return `coalesce((select bool_or(r.${ident(column)} ${SQL_OPERATORS[operator]} f.${ident(column)})
      from ${subjectRow}, jsonb_array_elements($${params.length}::jsonb) e,
        jsonb_populate_record(null::${table}, e) f), false)`;
  });
  const fullOld = info.replicaIdentityFull && !(change.type === 'DELETE' && info.rowSecurity);
  const { rows } = await tx.query<{
    visible: boolean;
    matches: boolean[];
    columns: string;
    record: string;
    old: string;
  }>(
    `with subject as (select $2::jsonb as row), cols as (
       select a.attnum, a.attname::text as name, t.typname::text as type from pg_attribute a
       join pg_type t on t.oid = a.atttypid
       where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
         and has_column_privilege(a.attrelid, a.attnum, 'SELECT'))
     select ${readBack} as visible, array[${matches.join(', ')}]::boolean[] as matches,
       (select coalesce(jsonb_agg(jsonb_build_object('name', name, 'type', type) order by attnum), '[]')
          from cols)::text as columns,
       (select coalesce(jsonb_object_agg(e.key, e.value), '{}') from jsonb_each(coalesce($3::jsonb, '{}')) e
          where e.key in (select name from cols))::text as record,
       (select coalesce(jsonb_object_agg(e.key, e.value), '{}') from jsonb_each(coalesce($4::jsonb, '{}')) e
          where e.key in (select name from cols) and (${fullOld} or e.key = any($5::text[])))::text as old`,
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
