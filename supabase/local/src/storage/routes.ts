import type { ServerResponse } from 'node:http';
import { handleGetBucket, handleListBuckets } from './buckets.ts';
import { handleDownload, handleInfo } from './download.ts';
import { handleList } from './list.ts';
import { handleRemoveMany, handleRemoveOne } from './remove.ts';
import type { StorageRequest } from './storage-db.ts';
import { handleUpload } from './upload.ts';

/** A handler gets the path from the route's first parameter on, still URL-encoded: `<bucket>/<key…>`. */
export type Handler = (request: StorageRequest, res: ServerResponse, rest: string) => Promise<void>;

/**
 * One route of hosted Storage (supabase/storage, src/http/routes), as its router declares it: static words,
 * `:param` for one path segment, `*` for the rest of the path. What the local stack implements has a handler;
 * what it does not names the feature it belongs to, and is refused by name rather than read as anything else.
 */
export type StorageRoute = {
  methods: readonly string[];
  pattern: string;
} & ({ handle: Handler; public?: boolean; feature?: undefined } | { feature: string; handle?: undefined });

const GET = ['GET', 'HEAD'];
const ANY = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

const download =
  (access: 'public' | 'authenticated'): Handler =>
  (request, res, rest) =>
    handleDownload(request, res, access, rest);
const info =
  (access: 'public' | 'authenticated'): Handler =>
  (request, res, rest) =>
    handleInfo(request, res, access, rest);
const listBuckets: Handler = (request, res) => handleListBuckets(request, res);

/** Every route of hosted Storage's REST API; unknown ones get its 404. `public`: no JWT needed. */
export const STORAGE_ROUTES: readonly StorageRoute[] = [
  // src/http/routes/bucket
  { methods: GET, pattern: '/bucket', handle: listBuckets },
  { methods: GET, pattern: '/bucket/', handle: listBuckets },
  { methods: GET, pattern: '/bucket/:id', handle: handleGetBucket },
  { methods: ['POST'], pattern: '/bucket', feature: 'creating buckets' },
  { methods: ['POST'], pattern: '/bucket/', feature: 'creating buckets' },
  { methods: ['PUT'], pattern: '/bucket/:id', feature: 'updating buckets' },
  { methods: ['DELETE'], pattern: '/bucket/:id', feature: 'deleting buckets' },
  { methods: ['POST'], pattern: '/bucket/:id/empty', feature: 'emptying buckets' },

  // src/http/routes/object
  { methods: ['POST'], pattern: '/object/move', feature: 'moving objects' },
  { methods: ['POST'], pattern: '/object/copy', feature: 'copying objects' },
  { methods: ['POST'], pattern: '/object/sign/:bucket/*', feature: 'signed URLs' },
  { methods: ['POST'], pattern: '/object/sign/:bucket', feature: 'signed URLs' },
  { methods: GET, pattern: '/object/sign/:bucket/*', feature: 'signed URLs' },
  { methods: ['POST', 'PUT'], pattern: '/object/upload/sign/:bucket/*', feature: 'signed upload URLs' },
  { methods: ['POST'], pattern: '/object/list/:bucket', handle: handleList },
  { methods: ['POST'], pattern: '/object/list-v2/:bucket', feature: 'listing, version 2' },
  { methods: GET, pattern: '/object/public/:bucket/*', handle: download('public'), public: true },
  { methods: GET, pattern: '/object/authenticated/:bucket/*', handle: download('authenticated') },
  { methods: GET, pattern: '/object/info/public/:bucket/*', handle: info('public'), public: true },
  { methods: GET, pattern: '/object/info/authenticated/:bucket/*', handle: info('authenticated') },
  { methods: GET, pattern: '/object/info/:bucket/*', handle: info('authenticated') },
  { methods: GET, pattern: '/object/:bucket/*', handle: download('authenticated') },
  { methods: ['POST', 'PUT'], pattern: '/object/:bucket/*', handle: handleUpload },
  { methods: ['DELETE'], pattern: '/object/:bucket', handle: handleRemoveMany },
  { methods: ['DELETE'], pattern: '/object/:bucket/*', handle: handleRemoveOne },

  // src/http/routes/render (image transformations)
  { methods: GET, pattern: '/render/image/public/:bucket/*', feature: 'image transformations' },
  { methods: GET, pattern: '/render/image/authenticated/:bucket/*', feature: 'image transformations' },
  { methods: GET, pattern: '/render/image/sign/:bucket/*', feature: 'image transformations' },

  // src/http/routes/cdn, tus, s3, iceberg, vector, health
  { methods: ['DELETE'], pattern: '/cdn', feature: 'purging the CDN cache' },
  { methods: ['DELETE'], pattern: '/cdn/:bucket', feature: 'purging the CDN cache' },
  { methods: ['DELETE'], pattern: '/cdn/:bucket/*', feature: 'purging the CDN cache' },
  { methods: ANY, pattern: '/upload/resumable', feature: 'resumable uploads' },
  { methods: ANY, pattern: '/upload/resumable/*', feature: 'resumable uploads' },
  { methods: ANY, pattern: '/s3', feature: 'the S3 protocol' },
  { methods: ANY, pattern: '/s3/*', feature: 'the S3 protocol' },
  { methods: ANY, pattern: '/iceberg/*', feature: 'Iceberg catalogs' },
  { methods: ANY, pattern: '/vector/*', feature: 'vector buckets' },
  { methods: GET, pattern: '/health', feature: 'the health check' },
];

export interface RouteMatch {
  route: StorageRoute;
  /** The path from the route's first parameter on, still URL-encoded. */
  rest: string;
}

const STATIC = 0;
const PARAM = 1;
const WILDCARD = 2;

interface CompiledRoute {
  route: StorageRoute;
  segments: readonly string[];
  kinds: readonly number[];
  firstParam: number;
}

function compile(route: StorageRoute): CompiledRoute {
  const segments = route.pattern.split('/').slice(1);
  const kinds = segments.map((segment) =>
    segment === '*' ? WILDCARD : segment.startsWith(':') ? PARAM : STATIC,
  );
  const firstParam = kinds.findIndex((kind) => kind !== STATIC);
  return { route, segments, kinds, firstParam: firstParam === -1 ? segments.length : firstParam };
}

const COMPILED = STORAGE_ROUTES.map(compile);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether the route's pattern covers the path's segments; a `*` takes the rest, even when that is empty. */
function covers(compiled: CompiledRoute, path: readonly string[]): boolean {
  const { segments, kinds } = compiled;
  for (let i = 0; i < segments.length; i += 1) {
    if (kinds[i] === WILDCARD) return i < path.length;
    if (i >= path.length) return false;
    if (kinds[i] === STATIC && decoded(path[i]!) !== segments[i]) return false;
  }
  return segments.length === path.length;
}

/** Static before parameter before wildcard, segment by segment: the first route hosted's router would try. */
function precedes(a: CompiledRoute, b: CompiledRoute): boolean {
  const length = Math.min(a.kinds.length, b.kinds.length);
  for (let i = 0; i < length; i += 1) {
    if (a.kinds[i] !== b.kinds[i]) return a.kinds[i]! < b.kinds[i]!;
  }
  return a.kinds.length < b.kinds.length;
}

/**
 * The route hosted Storage's router (find-my-way) gives a method and path: among the routes that cover the
 * path, the one whose words are static longest, so `POST /object/move` is a move and `POST /object/move/a.png`
 * an upload to a bucket named "move", exactly as hosted routes them. `path` starts with `/` after /storage/v1.
 */
export function matchStorageRoute(method: string, path: string): RouteMatch | undefined {
  const segments = path.split('/').slice(1);
  let best: CompiledRoute | undefined;
  for (const compiled of COMPILED) {
    if (!compiled.route.methods.includes(method) || !covers(compiled, segments)) continue;
    if (!best || precedes(compiled, best)) best = compiled;
  }
  if (!best) return undefined;
  return { route: best.route, rest: segments.slice(best.firstParam).join('/') };
}

/** `POST /object/sign/<bucket>/<path>`: the route as an error message names it. */
export function routeName(method: string, route: StorageRoute): string {
  const pattern = route.pattern
    .split('/')
    .map((segment) =>
      segment === '*' ? '<path>' : segment.startsWith(':') ? `<${segment.slice(1)}>` : segment,
    )
    .join('/');
  return `${method} ${pattern}`;
}
