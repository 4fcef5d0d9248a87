import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { JwtError, resolveCaller } from '../jwt.ts';
import { handleGetBucket, handleListBuckets } from './buckets.ts';
import { handleDownload, handleInfo } from './download.ts';
import { storageErrors } from './errors.ts';
import { handleList } from './list.ts';
import { handleRemoveMany, handleRemoveOne } from './remove.ts';
import { assertNoDotSegments } from './object-key.ts';
import type { StorageRequest } from './storage-db.ts';
import { handleUpload } from './upload.ts';

const PREFIX = '/storage/v1';

type Route = (request: StorageRequest, res: ServerResponse, rest: string) => Promise<void>;

/** Method + path prefix → handler, first match wins (as in supabase/storage, fixed words beat bucket names). */
const ROUTES: [methods: readonly string[], prefix: string, route: Route][] = [
  [['GET', 'HEAD'], '/object/public/', (r, res, rest) => handleDownload(r, res, 'public', rest)],
  [
    ['GET', 'HEAD'],
    '/object/authenticated/',
    (r, res, rest) => handleDownload(r, res, 'authenticated', rest),
  ],
  [['GET'], '/object/info/public/', (r, res, rest) => handleInfo(r, res, 'public', rest)],
  [['GET'], '/object/info/authenticated/', (r, res, rest) => handleInfo(r, res, 'authenticated', rest)],
  [['GET'], '/object/info/', (r, res, rest) => handleInfo(r, res, 'authenticated', rest)],
  [['POST'], '/object/list/', handleList],
  [['POST', 'PUT'], '/object/', handleUpload],
  [['GET', 'HEAD'], '/object/', (r, res, rest) => handleDownload(r, res, 'authenticated', rest)],
  [
    ['DELETE'],
    '/object/',
    (r, res, rest) => (rest.includes('/') ? handleRemoveOne : handleRemoveMany)(r, res, rest),
  ],
  [['GET'], '/bucket/', handleGetBucket],
];

function isPublicRoute(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && path.startsWith('/object/public/');
}

/** Who calls: a valid JWT is required, as supabase/storage requires one (public downloads excepted). */
async function callerClaims(req: IncomingMessage, ctx: StackContext, url: URL, isPublic: boolean) {
  if (isPublic) return { role: 'anon' };
  try {
    const caller = await resolveCaller(req, ctx.config, url);
    if (caller.token === undefined) {
      throw storageErrors.invalidRequest("headers must have required property 'authorization'");
    }
    return caller.claims;
  } catch (error) {
    if (error instanceof JwtError) throw storageErrors.accessDenied(error.message);
    throw error;
  }
}

/** /storage/v1/*: objects (upload, download, list, remove, info) and buckets, as storage-js uses them. */
export async function handleStorage(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname.slice(PREFIX.length);
  assertNoDotSegments(req.url ?? '');
  const claims = await callerClaims(req, ctx, url, isPublicRoute(method, path));
  const request: StorageRequest = { ctx, req, url, claims };
  if (method === 'GET' && (path === '/bucket' || path === '/bucket/')) return handleListBuckets(request, res);
  for (const [methods, prefix, route] of ROUTES) {
    if (methods.includes(method) && path.startsWith(prefix) && path.length > prefix.length) {
      return route(request, res, path.slice(prefix.length));
    }
  }
  throw storageErrors.notFoundRoute(method, path);
}
