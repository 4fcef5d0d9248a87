import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { HttpError } from '../http.ts';
import { openCall, type RestCall } from './call.ts';
import { getCatalog, reloadCatalog, type Catalog } from './catalog.ts';
import { QueryParseError, restError, tableNotFound } from './errors.ts';
import { fromPostgresError, isPostgresError } from './pg-errors.ts';
import { handleRead } from './read-handler.ts';
import { handleRpc } from './rpc-handler.ts';
import { handleWrite } from './write-handler.ts';

// Errors that may only mean the catalog is older than the database (a migration ran since it was read).
const STALE_CATALOG_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703']);

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const body = error.body as { code?: unknown };
  return typeof body.code === 'string' ? body.code : undefined;
}

/** Runs fn with the cached catalog; after a miss it reads the catalog again and retries once. */
async function withCatalog(call: RestCall, fn: (catalog: Catalog) => Promise<void>): Promise<void> {
  try {
    await fn(await getCatalog(call.ctx.db));
  } catch (error) {
    const code = errorCode(error);
    if (code === undefined || !STALE_CATALOG_CODES.has(code) || call.res.headersSent) throw error;
    await fn(await reloadCatalog(call.ctx.db));
  }
}

async function route(call: RestCall, segments: string[]): Promise<void> {
  const method = call.req.method ?? 'GET';
  const [first, second, ...rest] = segments;
  if (first === 'rpc' && second !== undefined && rest.length === 0) {
    if (!['GET', 'HEAD', 'POST'].includes(method)) {
      throw restError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
    }
    return withCatalog(call, (catalog) => handleRpc(call, catalog, second, method));
  }
  if (first === undefined || second !== undefined) {
    throw restError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
  return withCatalog(call, async (catalog) => {
    const table = catalog.tables.get(first);
    if (!table) throw tableNotFound(first);
    if (method === 'GET' || method === 'HEAD') return handleRead(call, catalog, table);
    if (method === 'POST' || method === 'PATCH' || method === 'DELETE') {
      return handleWrite(call, catalog, table, method);
    }
    throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  });
}

/** A path segment decoded; malformed percent-encoding is kept as written (it then names no table or function). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** PostgREST at /rest/v1: every failure becomes its error body and status, never a 500 for bad input. */
export async function handleRest(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  let call: RestCall | undefined;
  try {
    call = await openCall(req, res, ctx, url);
    const path = url.pathname.replace(/^\/rest\/v1\/?/, '');
    const segments = path === '' ? [] : path.split('/').map(decodeSegment);
    await route(call, segments);
  } catch (error) {
    if (error instanceof QueryParseError) throw error.toHttp();
    if (isPostgresError(error)) throw fromPostgresError(error, (call?.caller.role ?? 'anon') !== 'anon');
    throw error;
  }
}
