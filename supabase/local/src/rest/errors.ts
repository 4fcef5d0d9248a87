import { HttpError } from '../http.ts';

/** PostgREST's error body: always these four keys, null when empty. */
export interface RestErrorBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

export function restError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
): HttpError {
  const body: RestErrorBody = { code, details, hint, message };
  return new HttpError(status, body, headers);
}

/** A query-string parse failure, reported the way PostgREST's parser does (PGRST100). */
export class QueryParseError extends Error {
  constructor(
    /** e.g. "select parameter", "filter", "order" */
    readonly what: string,
    readonly input: string,
    /** 1-based column where parsing stopped */
    readonly column: number,
    readonly details: string,
  ) {
    super(`failed to parse ${what} (${input})`);
  }

  toHttp(): HttpError {
    return restError(
      400,
      'PGRST100',
      `"failed to parse ${this.what} (${this.input})" (line 1, column ${this.column})`,
      this.details,
    );
  }
}

export const columnNotFound = (table: string, column: string): HttpError =>
  restError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export const tableNotFound = (table: string): HttpError =>
  restError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);

/** A name used in select/filter/order that the table lacks: Postgres's own 42703 wording, as PostgREST forwards it. */
export const undefinedColumn = (table: string, column: string): HttpError =>
  restError(400, '42703', `column ${table}.${column} does not exist`);

export const invalidBody = (message: string, details: string | null = null): HttpError =>
  restError(400, 'PGRST102', message, details);
