import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { withClaims } from '../db/with-claims.ts';
import type { JwtClaims } from '../jwt.ts';
import { mapDatabaseError } from './errors.ts';

/** The request a statement runs for: its claims decide the role, so row-level security decides. */
export interface StorageRequest {
  ctx: StackContext;
  req: IncomingMessage;
  url: URL;
  claims: JwtClaims;
}

/** Runs fn in one transaction as the caller; what Postgres refuses becomes Storage's error answer. */
export async function asCaller<T>(
  request: StorageRequest,
  fn: (tx: Queryable) => Promise<T>,
  { readOnly = false }: { readOnly?: boolean } = {},
): Promise<T> {
  const { ctx, req, url, claims } = request;
  try {
    return await withClaims(ctx.db, claims, fn, {
      readOnly,
      method: req.method ?? 'GET',
      path: url.pathname,
      headers: req.headers,
    });
  } catch (error) {
    return mapDatabaseError(error);
  }
}

/** Lookups that supabase/storage makes as its superuser (buckets, public objects): as service_role. */
export function asService<T>(request: StorageRequest, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return asCaller({ ...request, claims: { role: 'service_role' } }, fn, { readOnly: true });
}

/** A timestamp as JavaScript's toISOString() writes it, which is what supabase/storage's answers carry. */
export function isoTimestamp(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

export interface BucketRow {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

export async function findBucket(request: StorageRequest, id: string): Promise<BucketRow | undefined> {
  const { rows } = await asService(request, (tx) =>
    tx.query<{
      id: string;
      public: boolean;
      file_size_limit: string | null;
      allowed_mime_types: string[] | null;
    }>(
      `select id, public, file_size_limit::text as file_size_limit, allowed_mime_types
         from storage.buckets where id = $1`,
      [id],
    ),
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    public: row.public,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
  };
}

export interface ObjectRow {
  id: string;
  name: string;
  bucketId: string;
  version: string | null;
  metadata: ObjectMetadata | null;
  userMetadata: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

/** What storage.objects.metadata holds for every object, as supabase/storage writes it. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

/** One object as the caller (or the service role) may see it. */
export async function findObject(tx: Queryable, bucket: string, key: string): Promise<ObjectRow | undefined> {
  const { rows } = await tx.query<{
    id: string;
    name: string;
    bucket_id: string;
    version: string | null;
    metadata: ObjectMetadata | null;
    user_metadata: Record<string, unknown> | null;
    created_at: string;
    updated_at: string;
  }>(
    `select id::text as id, name, bucket_id, version, metadata, user_metadata,
            ${isoTimestamp('created_at')} as created_at, ${isoTimestamp('updated_at')} as updated_at
       from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    bucketId: row.bucket_id,
    version: row.version,
    metadata: row.metadata,
    userMetadata: row.user_metadata,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
