import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { JwtError, resolveCaller } from '../jwt.ts';
import { storageErrors } from './errors.ts';
import { assertNoDotSegments } from './object-key.ts';
import { matchStorageRoute, routeName } from './routes.ts';
import type { StorageRequest } from './storage-db.ts';

const PREFIX = '/storage/v1';

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

/**
 * /storage/v1/*: objects (upload, download, list, remove, info) and buckets (read), routed as hosted Storage
 * routes them. Its other routes (move, copy, signed URLs, image transformations, bucket changes…) are refused
 * by name: never read as a bucket called "move" or "sign", never answered with something else.
 */
export async function handleStorage(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname.slice(PREFIX.length);
  assertNoDotSegments(req.url ?? '');
  const match = matchStorageRoute(method, path);
  if (!match) throw storageErrors.notFoundRoute(method, path);
  const { route, rest } = match;
  if (!route.handle) throw storageErrors.notImplemented(routeName(method, route), route.feature);
  const claims = await callerClaims(req, ctx, url, route.public === true);
  const request: StorageRequest = { ctx, req, url, claims };
  return route.handle(request, res, rest);
}
