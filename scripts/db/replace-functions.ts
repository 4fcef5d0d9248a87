// migra writes `create or replace function` for every changed function, which PostgreSQL refuses when the
// result type changes ("cannot change return type of existing function"), or an input parameter's name, or a
// default is removed. For those functions (present in both databases, same argument types, different result
// or arguments), db:diff drops the old one first and gives the new one back its privileges and comment, which
// the drop takes with it. A drop that other objects depend on (a policy, a view, a trigger) fails with
// PostgreSQL's own message, naming them.
import pg from 'pg';

export interface ReplacedFunction {
  /** Schema-qualified name and argument types, e.g. `private.posts_per_minute()`: what `drop function` takes. */
  signature: string;
  schema: string;
  name: string;
  /** After the new function is made: its privileges and comment, as the declared database holds them. */
  restore: string[];
}

interface FunctionRow {
  signature: string;
  schema: string;
  name: string;
  result: string;
  arguments: string;
  restore: string[] | null;
}

// Qualified names whatever the search path: the signature is pasted into a migration as it is.
const FUNCTIONS = `
  select p.oid::regprocedure::text as signature, n.nspname as schema, p.proname as name,
         coalesce(pg_get_function_result(p.oid), '') as result, pg_get_function_arguments(p.oid) as arguments,
         array_remove(array[format('REVOKE ALL ON FUNCTION %s FROM PUBLIC;', p.oid::regprocedure)]
           || array(select format('GRANT %s ON FUNCTION %s TO %s%s;', a.privilege_type, p.oid::regprocedure,
                                  case when a.grantee = 0 then 'PUBLIC' else quote_ident(pg_get_userbyid(a.grantee)) end,
                                  case when a.is_grantable then ' WITH GRANT OPTION' else '' end)
                    from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                    order by a.grantee, a.privilege_type)
           || ('COMMENT ON FUNCTION ' || p.oid::regprocedure || ' IS ' || quote_literal(obj_description(p.oid, 'pg_proc')) || ';'),
           null) as restore
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname not in ('pg_catalog', 'information_schema') and p.prokind in ('f', 'p')
    and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

async function readFunctions(url: string): Promise<Map<string, FunctionRow>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`select set_config('search_path', '', false)`);
    const { rows } = await client.query<FunctionRow>(FUNCTIONS);
    return new Map(rows.map((row) => [row.signature, row]));
  } finally {
    await client.end();
  }
}

/** Functions in both databases whose result or arguments (names, defaults) changed: `create or replace` fails. */
export async function functionsToReplace(fromUrl: string, toUrl: string): Promise<ReplacedFunction[]> {
  const [from, to] = await Promise.all([readFunctions(fromUrl), readFunctions(toUrl)]);
  const replaced: ReplacedFunction[] = [];
  for (const [signature, before] of from) {
    const after = to.get(signature);
    if (!after || (after.result === before.result && after.arguments === before.arguments)) continue;
    replaced.push({ signature, schema: after.schema, name: after.name, restore: after.restore ?? [] });
  }
  return replaced.sort((a, b) => (a.signature < b.signature ? -1 : 1));
}

/** Where one `create or replace function` statement for `fn` sits in migra's SQL, if it does. */
function findCreate(sql: string, fn: ReplacedFunction): { start: number; end: number } | undefined {
  const head = new RegExp(`CREATE OR REPLACE FUNCTION ${escape(qualified(fn))}\\(`, 'gi');
  for (const match of sql.matchAll(head)) {
    const start = match.index;
    const body = /\bAS\s+(\$[A-Za-z_0-9]*\$)/i.exec(sql.slice(start));
    if (!body) continue;
    const bodyStart = start + body.index + body[0].length;
    const close = sql.indexOf(body[1]!, bodyStart);
    if (close < 0) continue;
    const semicolon = sql.indexOf(';', close + body[1]!.length);
    if (semicolon < 0) continue;
    return { start, end: semicolon + 1 };
  }
  return undefined;
}

const qualified = (fn: ReplacedFunction) => `${quote(fn.schema)}.${quote(fn.name)}`;
const quote = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : pg.escapeIdentifier(name));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * migra's SQL with `drop function if exists` before each such function's `create or replace`, and its
 * privileges and comment after it (a function migra did not write is left alone).
 */
export function withDrops(sql: string, functions: ReplacedFunction[]): string {
  let result = sql;
  for (const fn of functions) {
    const create = findCreate(result, fn);
    if (!create) continue;
    const before = `DROP FUNCTION IF EXISTS ${fn.signature};\n\n`;
    const after = fn.restore.length > 0 ? `\n\n${fn.restore.join('\n')}` : '';
    result =
      result.slice(0, create.start) +
      before +
      result.slice(create.start, create.end) +
      after +
      result.slice(create.end);
  }
  return result;
}
