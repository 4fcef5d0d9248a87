import { LOCAL_TIMEOUT_COLUMN } from './timeout-tracker.ts';
import type { Database, Queryable } from './types.ts';

/** The roles a JWT may ask for: those `authenticator` can switch to on hosted Supabase. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export type JwtClaims = Record<string, unknown> & { role?: unknown; sub?: unknown };

export interface RequestContext {
  /** GET and HEAD run read-only, as PostgREST does. */
  readOnly?: boolean;
  method?: string;
  path?: string;
  headers?: Record<string, string | string[] | undefined>;
}

/** Thrown for a token whose role the API may not assume; shaped like Postgres's own error. */
export class RoleNotAllowedError extends Error {
  readonly code = '42501';
  constructor(role: string) {
    super(`permission denied to set role "${role}"`);
    this.name = 'RoleNotAllowedError';
  }
}

export function roleOf(claims: JwtClaims | null): ApiRole {
  const role = claims?.role ?? 'anon';
  const allowed = API_ROLES.find((apiRole) => apiRole === role);
  if (!allowed) throw new RoleNotAllowedError(String(role));
  return allowed;
}

/**
 * Runs fn in one transaction as the caller: `set local role` to the token's role (anon without a token) and
 * the request settings PostgREST sets, so row-level security decides, and the role's statement_timeout. The database connection itself is a
 * superuser (PGlite always is), so this role switch is what makes policies apply at all.
 */
export async function withClaims<T>(
  db: Database,
  claims: JwtClaims | null,
  fn: (tx: Queryable) => Promise<T>,
  context: RequestContext = {},
): Promise<T> {
  const role = roleOf(claims);
  const settings: [string, string][] = [
    ['role', role],
    ['request.jwt.claims', JSON.stringify(claims ?? { role })],
    ['request.jwt.claim.role', role],
    ['request.jwt.claim.sub', typeof claims?.sub === 'string' ? claims.sub : ''],
    ['request.method', context.method ?? ''],
    ['request.path', context.path ?? ''],
    ['request.headers', JSON.stringify(lowerCaseHeaders(context.headers ?? {}))],
  ];
  return db.transaction(async (tx) => {
    if (context.readOnly) await tx.query('set transaction read only');
    await tx.query(
      `select ${settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')},
        set_config('statement_timeout', ${ROLE_STATEMENT_TIMEOUT}, true) as ${LOCAL_TIMEOUT_COLUMN}`,
      settings.flat(),
    );
    return fn(tx);
  });
}

/**
 * The caller role's statement_timeout, as PostgREST applies an impersonated role's settings per transaction
 * (hosted: anon 3s, authenticated 8s, set on the roles by Supabase's Postgres, see bootstrap.sql). A role
 * without one keeps what the connection has, which on hosted Supabase is authenticator's (8s): this stack
 * connects as a superuser, so authenticator's setting stands in for it. A setting for this database only
 * (ALTER ROLE … IN DATABASE) wins over the role's, as at a Postgres login; tests use it to lower the limit
 * without touching other databases of the cluster. $1 is 'role', so $2 is the caller's role.
 */
const ROLE_STATEMENT_TIMEOUT = `coalesce(
  (select substr(setting, length('statement_timeout=') + 1)
     from pg_catalog.pg_db_role_setting, unnest(setconfig) as setting
    where setrole in (to_regrole($2), to_regrole('authenticator'))
      and setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
      and setting like 'statement_timeout=%'
    order by setrole = to_regrole($2) desc, setdatabase desc
    limit 1),
  current_setting('statement_timeout'))`;

function lowerCaseHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
}
