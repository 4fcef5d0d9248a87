import type { IncomingMessage } from 'node:http';
import {
  BodyTooLargeError,
  InvalidJsonError,
  JsonTooDeepError,
  bodyMediaType,
  parseJson,
  readBody,
} from '../http.ts';
import type { Table } from './catalog.ts';
import { columnNotFound, invalidBody, restError } from './errors.ts';

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * PostgREST parses a body by its Content-Type (JSON when none is given) and refuses other types with 400
 * PGRST102. Not guessing JSON from `text/plain` matters: a page on any site can send that without a CORS
 * preflight. (PostgREST also reads CSV and url-encoded forms; this stack does not, and says so.)
 */
function requireJsonBody(req: IncomingMessage): void {
  const mediaType = bodyMediaType(req);
  if (mediaType !== '' && mediaType !== 'application/json') {
    throw invalidBody(`Content-Type not acceptable: ${mediaType}`);
  }
}

const tooLarge = (limit: number) =>
  restError(413, 'PGRST413', 'Payload too large', `The request body is larger than ${limit} bytes`);

/** Reads the body's bytes within the size limit: 413 when too large. */
export async function readRawPayload(req: IncomingMessage, limit: number): Promise<Buffer> {
  try {
    return await readBody(req, { limit });
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw tooLarge(limit);
    throw error;
  }
}

/**
 * The JSON payload of `bytes` (read by readRawPayload): 400 PGRST102 when the type is not JSON, the body is
 * empty, not JSON or nested too deep.
 */
export function parsePayload(req: IncomingMessage, bytes: Buffer): unknown {
  requireJsonBody(req);
  try {
    const body = parseJson(bytes);
    if (body === undefined) throw invalidBody('Empty or invalid json');
    return body;
  } catch (error) {
    if (error instanceof JsonTooDeepError) throw invalidBody('Empty or invalid json', error.message);
    if (error instanceof InvalidJsonError) throw invalidBody('Empty or invalid json');
    throw error;
  }
}

function checkColumns(table: Table, columns: Iterable<string>): void {
  for (const column of columns) if (!table.columns.has(column)) throw columnNotFound(table.name, column);
}

/** The rows of an insert and the columns they fill (the `columns` parameter, else the keys sent). */
export function insertRows(table: Table, body: unknown, columnsParam: string[] | undefined) {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isRow)) throw invalidBody('All object keys must match');
  if (columnsParam) {
    checkColumns(table, columnsParam);
    // Keys outside `columns` are ignored, as PostgREST does.
    const kept = rows.map((row) =>
      Object.fromEntries(columnsParam.filter((c) => Object.hasOwn(row, c)).map((c) => [c, row[c]])),
    );
    return { rows: kept, columns: columnsParam };
  }
  const first = rows[0] ? Object.keys(rows[0]) : [];
  const sameKeys = rows.every((row) => {
    const keys = Object.keys(row);
    return keys.length === first.length && keys.every((key) => first.includes(key));
  });
  if (!sameKeys) throw invalidBody('All object keys must match');
  checkColumns(table, first);
  return { rows, columns: first };
}

export function updatePatch(table: Table, body: unknown, columnsParam: string[] | undefined): Row {
  if (!isRow(body)) throw invalidBody('Empty or invalid json');
  if (columnsParam) {
    checkColumns(table, columnsParam);
    return Object.fromEntries(columnsParam.filter((c) => Object.hasOwn(body, c)).map((c) => [c, body[c]]));
  }
  checkColumns(table, Object.keys(body));
  return body;
}
