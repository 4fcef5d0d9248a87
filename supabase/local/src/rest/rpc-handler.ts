import type { RestCall } from './call.ts';
import type { Catalog, DbFunction } from './catalog.ts';
import { invalidBody, restError } from './errors.ts';
import { appliedPreferences } from './prefer.ts';
import { parseRequestQuery } from './query-params.ts';
import { planRead } from './read-plan.ts';
import { bodyFor, contentRange, readStatus, send } from './respond.ts';
import { ident, Params } from './sql/params.ts';
import { buildReadStatement, type ReadResultRow } from './sql/read.ts';

function functionNotFound(name: string, keys: string[], isPost: boolean): Error {
  const signature = keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`;
  const searched =
    keys.length === 0
      ? ' without parameters'
      : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
  const unnamed = isPost ? ' or with a single unnamed json/jsonb parameter' : '';
  return restError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${signature} in the schema cache`,
    `Searched for the function public.${name}${searched}${unnamed}, but no matches were found in the schema cache.`,
  );
}

/** The overload whose parameters take exactly these named arguments (the others having defaults). */
function chooseFunction(catalog: Catalog, name: string, keys: string[]): DbFunction | undefined {
  return (catalog.functions.get(name) ?? []).find(
    (fn) =>
      keys.every((key) => fn.args.some((arg) => arg.name === key)) &&
      fn.args.every((arg) => arg.hasDefault || keys.includes(arg.name)),
  );
}

async function readArguments(call: RestCall, method: string): Promise<Record<string, unknown>> {
  if (method === 'GET' || method === 'HEAD') {
    return Object.fromEntries(parseRequestQuery(call.url.searchParams, { rpc: true }).plainParams);
  }
  const body = call.req.headers['content-length'] === '0' ? {} : await call.payload();
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidBody('Empty or invalid json');
  return body as Record<string, unknown>;
}

/**
 * `fn(a := _a.a, …)`, with the arguments converted by json_to_record as PostgREST does, and the FROM items
 * that provide `_a` (a one-row dummy when there are no arguments, so a lateral call always has a row).
 */
function callExpression(fn: DbFunction, args: Record<string, unknown>, params: Params) {
  const keys = Object.keys(args);
  const named = keys.map((key) => `${ident(key)} := _a.${ident(key)}`).join(', ');
  const call = `"public".${ident(fn.name)}(${named})`;
  if (keys.length === 0) return { call, from: '(select 1) as _a' };
  const definitions = keys.map(
    (key) => `${ident(key)} ${fn.args.find((arg) => arg.name === key)?.type ?? 'text'}`,
  );
  return {
    call,
    from: `json_to_record(${params.text(JSON.stringify(args))}::json) as _a(${definitions.join(', ')})`,
  };
}

/** POST /rest/v1/rpc/<fn> with named JSON arguments, or GET/HEAD with query arguments. */
export async function handleRpc(
  call: RestCall,
  catalog: Catalog,
  name: string,
  method: string,
): Promise<void> {
  const args = await readArguments(call, method);
  const keys = Object.keys(args).sort();
  const fn = chooseFunction(catalog, name, keys);
  if (!fn) throw functionNotFound(name, keys, method === 'POST');
  const params = new Params();
  const { call: expression, from } = callExpression(fn, args, params);
  const head = method === 'HEAD';
  const rowsFrom = `${from}, lateral ${expression} as _r`;

  if (fn.returnsVoid) {
    await call.transaction((tx) => tx.query(`select ${expression} from ${from}`, params.values));
    send(call.res, 204, call.shape, undefined, {});
    return;
  }
  if (!fn.returnsSet) {
    const sql = `select ${fn.returnsRows ? 'row_to_json(_r)' : 'to_json(_r)'}::text as body from ${rowsFrom}`;
    const rows = await call.transaction(
      async (tx) => (await tx.query<{ body: string }>(sql, params.values)).rows,
    );
    send(call.res, 200, { ...call.shape, single: false }, rows[0]?.body ?? 'null', {}, head);
    return;
  }
  // A set of a table's rows can be selected, filtered, ordered and counted like the table itself.
  const table = fn.returnTable ? catalog.tables.get(fn.returnTable) : undefined;
  let sql: string;
  let offset = 0;
  if (table) {
    const root = planRead(catalog, table, parseRequestQuery(call.url.searchParams, { rpc: true }));
    offset = root.offset ?? 0;
    sql = buildReadStatement(root, { sql: `(select _r.* from ${rowsFrom})` }, params, {
      maxRows: call.ctx.config.maxRows,
      withTotal: call.prefs.count !== undefined,
      stripNulls: call.shape.stripNulls,
    });
  } else {
    sql =
      `select coalesce(json_agg(_r), '[]'::json)::text as body, ` +
      `case when count(*) = 1 then (json_agg(_r) -> 0)::text end as single, count(*)::int as page_count, ` +
      `${call.prefs.count ? 'count(*)::int' : 'null::int'} as total from ${rowsFrom}`;
  }
  const result = await call.transaction(
    async (tx) => (await tx.query<ReadResultRow>(sql, params.values)).rows[0],
  );
  if (!result) throw new Error('an rpc returned no row');
  send(
    call.res,
    readStatus(offset, result.page_count, result.total),
    call.shape,
    bodyFor(call.shape, result),
    {
      'content-range': contentRange(offset, result.page_count, result.total),
      'preference-applied': appliedPreferences(call.prefs, ['count']),
    },
    head,
  );
}
