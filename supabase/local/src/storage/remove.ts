import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import type { Queryable } from '../db/types.ts';
import { storageErrors } from './errors.ts';
import { readJsonObject } from './json-body.ts';
import { objectFilesFor } from './object-files.ts';
import { parseBucket, parseBucketAndKey } from './object-key.ts';
import { asCaller, isoTimestamp, type StorageRequest } from './storage-db.ts';

/** supabase/storage's limit on one bulk delete. */
const MAX_PREFIXES = 1000;

interface DeletedRow {
  name: string;
  object: Record<string, unknown>;
}

/** Deletes as the caller (DELETE policy; RETURNING needs SELECT too), so rows hidden by RLS stay. */
async function deleteRows(tx: Queryable, bucket: string, names: readonly string[]): Promise<DeletedRow[]> {
  const { rows } = await tx.query<DeletedRow>(
    `delete from storage.objects
      where bucket_id = $1 and name in (select jsonb_array_elements_text($2::jsonb))
      returning name, jsonb_build_object(
        'name', name, 'bucket_id', bucket_id, 'owner', owner, 'owner_id', owner_id, 'id', id,
        'version', version, 'user_metadata', user_metadata,
        'updated_at', ${isoTimestamp('updated_at')}, 'created_at', ${isoTimestamp('created_at')},
        'last_accessed_at', ${isoTimestamp('last_accessed_at')}, 'metadata', metadata) as object`,
    [bucket, JSON.stringify(names)],
  );
  return rows;
}

function parsePrefixes(body: Record<string, unknown>): string[] {
  const { prefixes } = body;
  if (prefixes === undefined)
    throw storageErrors.invalidRequest("body must have required property 'prefixes'");
  if (!Array.isArray(prefixes)) throw storageErrors.invalidRequest('body/prefixes must be array');
  if (prefixes.length < 1)
    throw storageErrors.invalidRequest('body/prefixes must NOT have fewer than 1 items');
  if (prefixes.length > MAX_PREFIXES) {
    throw storageErrors.invalidRequest(`body/prefixes must NOT have more than ${MAX_PREFIXES} items`);
  }
  return prefixes.map((prefix, index) => {
    if (typeof prefix !== 'string')
      throw storageErrors.invalidRequest(`body/prefixes/${index} must be string`);
    return prefix;
  });
}

/** DELETE /object/<bucket> {prefixes}: the rows deleted (names not found or not the caller's are skipped). */
export async function handleRemoveMany(
  request: StorageRequest,
  res: ServerResponse,
  rest: string,
): Promise<void> {
  const bucket = parseBucket(rest);
  const names = parsePrefixes(await readJsonObject(request.req));
  const deleted = await asCaller(request, (tx) => deleteRows(tx, bucket, names));
  await objectFilesFor(request.ctx.config).remove(
    bucket,
    deleted.map((row) => row.name),
  );
  sendJson(
    res,
    200,
    deleted.map((row) => row.object),
  );
}

/** DELETE /object/<bucket>/<key>: one object, or "Object not found". */
export async function handleRemoveOne(
  request: StorageRequest,
  res: ServerResponse,
  rest: string,
): Promise<void> {
  const { bucket, key } = parseBucketAndKey(rest);
  const deleted = await asCaller(request, (tx) => deleteRows(tx, bucket, [key]));
  if (deleted.length === 0) throw storageErrors.noSuchKey();
  await objectFilesFor(request.ctx.config).remove(bucket, [key]);
  sendJson(res, 200, { message: 'Successfully deleted' });
}
