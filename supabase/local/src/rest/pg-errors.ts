import type { HttpError } from '../http.ts';
import { restError } from './errors.ts';

/** What both drivers (pg and PGlite) report for an error raised by Postgres. */
interface PostgresError {
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

export function isPostgresError(error: unknown): error is PostgresError {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string';
}

/** PostgREST's table from SQLSTATE to HTTP status. */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    '53400': 500,
    '57P01': 503,
  };
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023' && message.startsWith('role') && message.endsWith('does not exist')) return 401;
  // A write to a view Postgres cannot update (GROUP BY, aggregates): the method is not allowed there.
  if (code === '55000' && /^cannot (insert into|update|delete from) view /.test(message)) return 405;
  const known = exact[code];
  if (known !== undefined) return known;
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

/** The PostgREST answer for an error Postgres raised while serving the request. */
export function fromPostgresError(error: PostgresError, authenticated: boolean): HttpError {
  const status = statusForSqlState(error.code, error.message, authenticated);
  const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {};
  return restError(status, error.code, error.message, error.detail ?? null, error.hint ?? null, headers);
}
