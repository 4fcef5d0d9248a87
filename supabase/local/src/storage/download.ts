import type { ServerResponse } from 'node:http';
import { header, sendEmpty, sendJson } from '../http.ts';
import { storageErrors } from './errors.ts';
import { objectFilesFor } from './object-files.ts';
import { parseBucketAndKey } from './object-key.ts';
import {
  asCaller,
  asService,
  findBucket,
  findObject,
  type ObjectMetadata,
  type ObjectRow,
  type StorageRequest,
} from './storage-db.ts';

export type Access = 'public' | 'authenticated';

/**
 * Finds the object as supabase/storage does: public routes and public buckets read as the superuser, a private
 * bucket through the caller's SELECT policy. A bucket that is missing (or private, on the public route) is
 * "Bucket not found".
 */
async function locateObject(
  request: StorageRequest,
  access: Access,
  rest: string,
): Promise<{ object: ObjectRow; metadata: ObjectMetadata }> {
  const { bucket, key } = parseBucketAndKey(rest);
  const bucketRow = await findBucket(request, bucket);
  if (!bucketRow || (access === 'public' && !bucketRow.public)) throw storageErrors.noSuchBucket();
  const object = bucketRow.public
    ? await asService(request, (tx) => findObject(tx, bucket, key))
    : await asCaller(request, (tx) => findObject(tx, bucket, key), { readOnly: true });
  if (!object?.metadata) throw storageErrors.noSuchKey();
  return { object, metadata: object.metadata };
}

function contentDisposition(download: string | null): Record<string, string> {
  if (download === null) return {};
  if (download === '') return { 'content-disposition': 'attachment;' };
  const encoded = encodeURIComponent(download);
  return { 'content-disposition': `attachment; filename=${encoded}; filename*=UTF-8''${encoded}` };
}

/** GET/HEAD /object/public/…, /object/authenticated/… and /object/<bucket>/…: the bytes with their headers. */
export async function handleDownload(
  request: StorageRequest,
  res: ServerResponse,
  access: Access,
  rest: string,
): Promise<void> {
  const { object, metadata } = await locateObject(request, access, rest);
  const content = await objectFilesFor(request.ctx.config).read(object.bucketId, object.name);
  if (!content) throw storageErrors.noSuchKey();
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    'content-type': metadata.mimetype,
    etag: metadata.eTag,
    'last-modified': new Date(metadata.lastModified).toUTCString(),
    'cache-control': metadata.cacheControl,
    'x-robots-tag': 'none',
    // Stored bytes are served as declared, never re-sniffed by the browser.
    'x-content-type-options': 'nosniff',
    ...contentDisposition(request.url.searchParams.get('download')),
  };
  if (header(request.req, 'if-none-match') === metadata.eTag) return sendEmpty(res, 304, headers);
  headers['content-length'] = String(content.length);
  res.writeHead(200, headers);
  res.end(request.req.method === 'HEAD' ? undefined : content);
}

/** GET /object/info/…: the object's description, as storage-js `info()` and `exists()` read it. */
export async function handleInfo(
  request: StorageRequest,
  res: ServerResponse,
  access: Access,
  rest: string,
): Promise<void> {
  const { object, metadata } = await locateObject(request, access, rest);
  sendJson(
    res,
    200,
    {
      id: object.id,
      name: object.name,
      version: object.version,
      bucket_id: object.bucketId,
      size: metadata.size,
      content_type: metadata.mimetype,
      cache_control: metadata.cacheControl,
      etag: metadata.eTag,
      metadata: object.userMetadata,
      last_modified: object.updatedAt,
      created_at: object.createdAt,
    },
    { etag: metadata.eTag, 'cache-control': metadata.cacheControl },
  );
}
