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
 * the request settings PostgREST sets, so row-level security decides. The database connection itself is a
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
      `select ${settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
      settings.flat(),
    );
    return fn(tx);
  });
}

function lowerCaseHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
}
