import { header } from '../http.ts';
import type { RestCall } from './call.ts';
import type { Catalog, DbFunction, Table } from './catalog.ts';
import { invalidBody, restError } from './errors.ts';
import { appliedPreferences, checkMaxAffected } from './prefer.ts';
import { applyRangeHeader, parseRequestQuery } from './query-params.ts';
import { planRead } from './read-plan.ts';
import { bodyFor, contentRange, readStatus, send } from './respond.ts';
import { ident, Params } from './sql/params.ts';
import { buildReadStatement, type ReadResultRow, type ResultKind } from './sql/read.ts';

/** Request bodies a function with one unnamed parameter of this type takes as they are (PostgREST's rule). */
const RAW_BODY_TYPES: Record<string, string> = {
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'bytea',
};

/** What the caller sent: named arguments, or (POST) a raw body for a single unnamed parameter. */
interface CallInput {
  args: Record<string, unknown>;
  /** the unnamed parameter types that may take the body as it is: json/jsonb for JSON, text, xml, bytea */
  rawTypes: string[];
  /** a text/plain, text/xml or octet-stream body, or JSON that is not an object: only a single unnamed
   * parameter can take it */
  rawOnly: boolean;
  /** JSON that is not an object (no named arguments in it): 400 PGRST102 unless a json parameter takes it */
  notAnObject?: boolean;
}

function functionNotFound(name: string, input: CallInput, isPost: boolean): Error {
  const keys = Object.keys(input.args).sort();
  if (input.rawOnly) {
    return restError(
      404,
      'PGRST202',
      `Could not find the function public.${name} in the schema cache`,
      `Searched for the function public.${name} with a single unnamed ${input.rawTypes[0]} parameter, but no matches were found in the schema cache.`,
    );
  }
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

/** 300 PGRST203: PostgREST does not guess between overloads that take the same arguments. */
function ambiguousFunction(candidates: DbFunction[]): Error {
  const list = candidates.map(
    (fn) => `public.${fn.name}(${fn.args.map((arg) => `${arg.name} => ${arg.type}`).join(', ')})`,
  );
  return restError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${list.join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** Whether these named arguments call fn: every required parameter given, nothing unknown; unnamed ones cannot be named. */
function takesNamed(fn: DbFunction, keys: string[]): boolean {
  return (
    keys.every((key) => fn.args.some((arg) => arg.name !== '' && arg.name === key)) &&
    fn.args.every((arg) => arg.hasDefault || (arg.name !== '' && keys.includes(arg.name)))
  );
}

const singleUnnamed = (fn: DbFunction, types: string[]) =>
  fn.args.length === 1 && fn.args[0]?.name === '' && types.includes(fn.args[0].type);

/** PostgREST's choice: the one overload the named arguments fit, else the one single-unnamed-parameter function. */
function chooseFunction(
  catalog: Catalog,
  name: string,
  input: CallInput,
  isPost: boolean,
): { fn: DbFunction; raw: boolean } {
  const all = catalog.functions.get(name) ?? [];
  const keys = Object.keys(input.args);
  const named = input.rawOnly ? [] : all.filter((fn) => takesNamed(fn, keys));
  if (named.length > 1) throw ambiguousFunction(named);
  if (named[0]) return { fn: named[0], raw: false };
  const fallback = all.filter((fn) => singleUnnamed(fn, input.rawTypes));
  if (fallback.length > 1) throw ambiguousFunction(fallback);
  if (fallback[0]) return { fn: fallback[0], raw: true };
  if (input.notAnObject) throw invalidBody('Empty or invalid json');
  throw functionNotFound(name, input, isPost);
}

async function readInput(call: RestCall, method: string): Promise<CallInput> {
  if (method !== 'POST') {
    const plain = parseRequestQuery(call.url.searchParams, { rpc: true }).plainParams;
    return { args: Object.fromEntries(plain), rawTypes: [], rawOnly: false };
  }
  const mediaType = (header(call.req, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const rawType = RAW_BODY_TYPES[mediaType];
  if (rawType) return { args: {}, rawTypes: [rawType], rawOnly: true };
  const body = call.req.headers['content-length'] === '0' ? {} : await call.payload();
  const rawTypes = ['json', 'jsonb'];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { args: {}, rawTypes, rawOnly: true, notAnObject: true };
  }
  return { args: body as Record<string, unknown>, rawTypes, rawOnly: false };
}

/**
 * `fn(a := _a.a, …)`, with the arguments converted by json_to_record as PostgREST does, and the FROM items
 * that provide `_a` (a one-row dummy when there are no arguments, so a lateral call always has a row).
 */
function namedCall(fn: DbFunction, args: Record<string, unknown>, params: Params) {
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

/** `fn($1)`: the body, untouched, as the single unnamed parameter (bytes as hex for bytea). */
function rawCall(fn: DbFunction, body: Buffer, params: Params) {
  const type = fn.args[0]?.type ?? 'text';
  const argument =
    type === 'bytea'
      ? `decode(${params.text(body.toString('hex'))}, 'hex')`
      : params.typed(body.toString('utf8'), type);
  return { call: `"public".${ident(fn.name)}(${argument})`, from: '(select 1) as _a' };
}

/** The result as a table the read planner can select from, filter, order and count. */
function resultTable(catalog: Catalog, fn: DbFunction): Table {
  const table = fn.returnTable ? catalog.tables.get(fn.returnTable) : undefined;
  if (table) return table;
  // RETURNS TABLE, a composite type, or a scalar (one column, pgrst_scalar): it has no keys, so an embed
  // on it finds no relationship (400 PGRST200), as in PostgREST.
  const columns = fn.returnsRows
    ? fn.resultColumns
    : [{ name: 'pgrst_scalar', type: fn.returnType, nullable: true, hasDefault: false }];
  return {
    name: fn.name,
    isView: false,
    columns: new Map(columns.map((column) => [column.name, column])),
    columnOrder: columns.map((column) => column.name),
    primaryKey: [],
    uniqueKeys: [],
  };
}

function resultKind(fn: DbFunction): ResultKind {
  if (fn.returnsRows) return fn.returnsSet ? 'rows' : 'one-row';
  return fn.returnsSet ? 'scalars' : 'one-scalar';
}

/** max-affected with handling=strict needs a set to count: 400 PGRST128 for a single value or void. */
function checkMaxAffectedApplies(call: RestCall, fn: DbFunction): void {
  if (call.prefs.handling !== 'strict' || call.prefs.maxAffected === undefined || fn.returnsSet) return;
  throw restError(
    400,
    'PGRST128',
    'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
  );
}

/** POST /rest/v1/rpc/<fn> with named JSON arguments or a raw body, or GET/HEAD with query arguments. */
export async function handleRpc(
  call: RestCall,
  catalog: Catalog,
  name: string,
  method: string,
): Promise<void> {
  const input = await readInput(call, method);
  const { fn, raw } = chooseFunction(catalog, name, input, method === 'POST');
  checkMaxAffectedApplies(call, fn);
  const params = new Params();
  const { call: expression, from } = raw
    ? rawCall(fn, await call.rawBody(), params)
    : namedCall(fn, input.args, params);
  const head = method === 'HEAD';
  const applied = appliedPreferences(call.prefs, ['count', 'maxAffected']);

  if (fn.returnsVoid) {
    await call.transaction((tx) => tx.query(`select ${expression} from ${from}`, params.values));
    send(call.res, 204, call.shape, undefined, {
      'content-range': contentRange(0, 1, null),
      'preference-applied': applied,
    });
    return;
  }
  // Whatever the function returns can be selected, filtered, ordered, limited and counted like a table.
  const kind = resultKind(fn);
  // The call is a materialized CTE: it runs once even when the page and the total both read its rows.
  const rows =
    kind === 'scalars' || kind === 'one-scalar'
      ? `select _r.pgrst_scalar from ${from}, lateral ${expression} as _r(pgrst_scalar)`
      : `select _r.* from ${from}, lateral ${expression} as _r`;
  const query = parseRequestQuery(call.url.searchParams, { rpc: true });
  // As in PostgREST (RFC 9110), the Range header counts on GET only.
  if (call.req.method === 'GET') applyRangeHeader(query, header(call.req, 'range'));
  const root = planRead(catalog, resultTable(catalog, fn), query);
  const offset = root.offset ?? 0;
  const read = buildReadStatement(root, { sql: '_rpc' }, params, {
    maxRows: call.ctx.config.maxRows,
    withTotal: call.prefs.count !== undefined,
    stripNulls: call.shape.stripNulls,
    result: kind,
  });
  const sql = `with _rpc as materialized (${rows}) ${read}`;
  const { result, body } = await call.transaction(async (tx) => {
    const row = (await tx.query<ReadResultRow>(sql, params.values)).rows[0];
    if (!row) throw new Error('an rpc returned no row');
    // Inside the transaction, so what the function wrote is rolled back when single() finds no single row
    // or it affects too many rows, as PostgREST does.
    const rowBody = bodyFor(call.shape, row);
    checkMaxAffected(call.prefs, row.page_count);
    return { result: row, body: rowBody };
  });
  send(
    call.res,
    readStatus(offset, result.page_count, result.total),
    call.shape,
    body,
    {
      'content-range': contentRange(offset, result.page_count, result.total),
      'preference-applied': applied,
    },
    head,
  );
}
