import type { Queryable } from '../db/types.ts';
import type { RestCall } from './call.ts';
import type { Catalog, Table } from './catalog.ts';
import { restError, undefinedColumn } from './errors.ts';
import { insertRows, updatePatch } from './payload.ts';
import { appliedPreferences, checkMaxAffected, type Preferences } from './prefer.ts';
import { parseRequestQuery, type RequestQuery } from './query-params.ts';
import { planRead } from './read-plan.ts';
import { bodyFor, contentRange, send, singularityError } from './respond.ts';
import { Params } from './sql/params.ts';
import { buildReadStatement, type ReadResultRow } from './sql/read.ts';
import { buildDelete, buildInsert, buildUpdate, type WhereClause } from './sql/write.ts';

type Method = 'POST' | 'PATCH' | 'DELETE';

/** What a write answers with: the rows (as JSON text) when asked for, and how many rows it touched. */
interface WriteOutcome {
  count: number;
  body: string | undefined;
  location: string | undefined;
}

function rootWhere(query: RequestQuery): WhereClause {
  return {
    filters: query.filters.filter((entry) => entry.path.length === 0).map((entry) => entry.filter),
    logic: query.logic.filter((entry) => entry.path.length === 0).map((entry) => entry.tree),
  };
}

/** Builds the mutation SQL; undefined when there is nothing to do (an empty array, an empty patch). */
async function mutationSql(
  call: RestCall,
  method: Method,
  table: Table,
  query: RequestQuery,
  returning: boolean,
  params: Params,
): Promise<string | undefined> {
  if (method === 'DELETE' || method === 'PATCH') {
    const where = rootWhere(query);
    // Hosted Supabase loads pg-safeupdate for API requests: an unfiltered UPDATE or DELETE is refused.
    if (where.filters.length === 0 && where.logic.length === 0) {
      throw restError(400, '21000', `${method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`);
    }
    if (method === 'DELETE') return buildDelete(table, where, returning, params);
    const patch = updatePatch(table, await call.payload(), query.columns);
    return Object.keys(patch).length === 0 ? undefined : buildUpdate(table, patch, where, returning, params);
  }
  const payload = await call.payload();
  const { rows, columns } = insertRows(table, payload, query.columns);
  if (rows.length === 0) return undefined;
  const resolution = call.prefs.resolution;
  const conflictColumns = query.onConflict ?? table.primaryKey;
  for (const column of conflictColumns)
    if (!table.columns.has(column)) throw undefinedColumn(table.name, column);
  return buildInsert(
    table,
    rows,
    {
      columns,
      missingDefault: call.prefs.missing === 'default',
      onConflict:
        resolution && conflictColumns.length > 0 ? { columns: conflictColumns, resolution } : undefined,
      returning,
    },
    params,
  );
}

function locationOf(table: Table, body: string | undefined): string | undefined {
  const rows = body ? (JSON.parse(body) as Record<string, unknown>[]) : [];
  const row = rows[0];
  if (!row || table.primaryKey.length === 0) return undefined;
  const filters = table.primaryKey.map((column) => `${column}=eq.${encodeURIComponent(String(row[column]))}`);
  return `/${table.name}?${filters.join('&')}`;
}

interface PreparedWrite {
  sql: string | undefined;
  params: Params;
  wantRows: boolean;
}

/** Everything is read and built before the transaction opens, so a slow client never holds the database. */
async function prepareWrite(
  call: RestCall,
  catalog: Catalog,
  method: Method,
  table: Table,
  query: RequestQuery,
): Promise<PreparedWrite> {
  const wantRows = call.prefs.return === 'representation' || call.prefs.return === 'headers-only';
  const params = new Params();
  const mutation = await mutationSql(call, method, table, query, wantRows, params);
  if (!mutation || !wantRows) return { sql: mutation, params, wantRows };
  // RETURNING inside the statement: the rows are read back under RLS, so a SELECT policy is needed too.
  const embeddedOnly = {
    ...query,
    filters: query.filters.filter((entry) => entry.path.length > 0),
    logic: query.logic.filter((entry) => entry.path.length > 0),
  };
  const root = planRead(catalog, table, embeddedOnly);
  const read = buildReadStatement(root, { sql: '_m' }, params, {
    maxRows: undefined,
    withTotal: false,
    stripNulls: call.shape.stripNulls,
  });
  return { sql: `with _m as (${mutation}) ${read}`, params, wantRows };
}

async function runWrite(
  tx: Queryable,
  call: RestCall,
  table: Table,
  method: Method,
  prepared: PreparedWrite,
): Promise<WriteOutcome> {
  const { sql, params, wantRows } = prepared;
  let outcome: WriteOutcome;
  if (!sql) {
    outcome = { count: 0, body: wantRows ? '[]' : undefined, location: undefined };
  } else if (!wantRows) {
    outcome = { count: (await tx.query(sql, params.values)).rowCount, body: undefined, location: undefined };
  } else {
    const result = (await tx.query<ReadResultRow>(sql, params.values)).rows[0];
    if (!result) throw new Error('a write returned no row');
    const body = call.prefs.return === 'representation' ? bodyFor(call.shape, result) : undefined;
    outcome = { count: result.page_count, body, location: locationOf(table, result.body) };
  }
  if (call.shape.single && outcome.count !== 1) throw singularityError(outcome.count);
  // Thrown inside the transaction, so the update or delete is rolled back (inserts are not limited).
  if (method !== 'POST') checkMaxAffected(call.prefs, outcome.count);
  return outcome;
}

function statusFor(method: Method, prefs: Preferences): number {
  if (method === 'POST') return 201;
  return prefs.return === 'representation' ? 200 : 204;
}

/** POST (insert/upsert), PATCH (update) and DELETE on /rest/v1/<table>. */
export async function handleWrite(
  call: RestCall,
  catalog: Catalog,
  table: Table,
  method: Method,
): Promise<void> {
  const query = parseRequestQuery(call.url.searchParams);
  // Names in select are checked before anything is written.
  planRead(catalog, table, query);
  const prepared = await prepareWrite(call, catalog, method, table, query);
  const outcome = await call.transaction((tx) => runWrite(tx, call, table, method, prepared));
  const total = call.prefs.count ? outcome.count : null;
  send(call.res, statusFor(method, call.prefs), call.shape, outcome.body, {
    'content-range': contentRange(0, outcome.body === undefined ? 0 : outcome.count, total),
    location: call.prefs.return === 'headers-only' && method === 'POST' ? outcome.location : undefined,
    'preference-applied': appliedPreferences(call.prefs, [
      'resolution',
      'missing',
      'return',
      'count',
      ...(method === 'POST' ? [] : (['maxAffected'] as const)),
    ]),
  });
}
