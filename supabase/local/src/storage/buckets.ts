import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { storageErrors } from './errors.ts';
import { parseBucket } from './object-key.ts';
import { asCaller, isoTimestamp, type StorageRequest } from './storage-db.ts';

/**
 * A bucket as supabase/storage's getBucket answers it: the legacy uuid `owner` column (set from the creating
 * user's id), which its response schema serialises as "" when null (a bucket made by SQL or the service
 * role), as hosted Storage does; never `owner_id`.
 */
const BUCKET_JSON = `jsonb_build_object(
  'id', id, 'name', name, 'owner', coalesce(owner::text, ''), 'public', public,
  'file_size_limit', file_size_limit, 'allowed_mime_types', allowed_mime_types,
  'created_at', ${isoTimestamp('created_at')}, 'updated_at', ${isoTimestamp('updated_at')})`;

/** listBuckets adds the bucket's type (the local stack has standard buckets only). */
const LISTED_BUCKET_JSON = `${BUCKET_JSON} || jsonb_build_object('type', 'STANDARD')`;

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

/** GET /bucket: the buckets the caller may see (service role: all), with storage-js's optional paging. */
export async function handleListBuckets(request: StorageRequest, res: ServerResponse): Promise<void> {
  const query = request.url.searchParams;
  const sortColumn = query.get('sortColumn') ?? 'name';
  const sortOrder = (query.get('sortOrder') ?? 'asc').toLowerCase();
  if (!SORT_COLUMNS.has(sortColumn) || (sortOrder !== 'asc' && sortOrder !== 'desc')) {
    throw storageErrors.invalidRequest(
      'querystring/sortColumn and sortOrder must be equal to one of the allowed values',
    );
  }
  const limit = query.has('limit') ? Number(query.get('limit')) : null;
  const offset = query.has('offset') ? Number(query.get('offset')) : 0;
  if (
    (limit !== null && !(Number.isInteger(limit) && limit >= 0)) ||
    !(Number.isInteger(offset) && offset >= 0)
  ) {
    throw storageErrors.invalidRequest('querystring/limit and offset must be non-negative integers');
  }
  const { rows } = await asCaller(
    request,
    (tx) =>
      // The sort column comes from the fixed set above; values travel as parameters.
      tx.query<{ bucket: Record<string, unknown> }>(
        `select ${LISTED_BUCKET_JSON} as bucket from storage.buckets
          where $1::text is null or name ilike '%' || $1::text || '%'
          order by ${sortColumn} ${sortOrder} limit $2 offset $3`,
        [query.get('search'), limit, offset],
      ),
    { readOnly: true },
  );
  sendJson(
    res,
    200,
    rows.map((row) => row.bucket),
  );
}

/** GET /bucket/<id>: one bucket, or "Bucket not found" when it is missing or hidden from the caller. */
export async function handleGetBucket(
  request: StorageRequest,
  res: ServerResponse,
  rest: string,
): Promise<void> {
  const id = parseBucket(rest);
  const { rows } = await asCaller(
    request,
    (tx) =>
      tx.query<{ bucket: Record<string, unknown> }>(
        `select ${BUCKET_JSON} as bucket from storage.buckets where id = $1`,
        [id],
      ),
    { readOnly: true },
  );
  const bucket = rows[0]?.bucket;
  if (!bucket) throw storageErrors.noSuchBucket();
  sendJson(res, 200, bucket);
}
