import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { header, sendJson } from '../http.ts';
import type { Queryable } from '../db/types.ts';
import { storageErrors } from './errors.ts';
import { assertAcceptableContent } from './mime.ts';
import { objectFilesFor, type PlacedFile } from './object-files.ts';
import { parseBucketAndKey } from './object-key.ts';
import { asCaller, findBucket, type ObjectMetadata, type StorageRequest } from './storage-db.ts';
import { describeFile, readIncomingFile, type IncomingFile } from './upload-body.ts';

type WriteMode = 'insert' | 'upsert' | 'update';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ObjectWrite {
  id: string;
  bucket: string;
  key: string;
  /** The JWT's `sub`; also kept in the legacy uuid `owner` column when it is a uuid, as Storage does. */
  owner: string | null;
  metadata: ObjectMetadata;
}

/** Writes the row as the caller, so RLS decides; answers the object's id, or undefined when there is none. */
async function writeRow(tx: Queryable, mode: WriteMode, row: ObjectWrite): Promise<string | undefined> {
  const ownerUuid = row.owner !== null && UUID.test(row.owner) ? row.owner : null;
  // Every write gets a fresh version, as supabase/storage gives one to each stored content.
  const changes = [row.owner, ownerUuid, JSON.stringify(row.metadata), randomUUID()];
  if (mode === 'update') {
    const { rows } = await tx.query<{ id: string }>(
      `update storage.objects
          set owner_id = $3, owner = $4::uuid, metadata = $5::jsonb, version = $6,
              updated_at = now(), last_accessed_at = now()
        where bucket_id = $1 and name = $2
        returning id::text as id`,
      [row.bucket, row.key, ...changes],
    );
    return rows[0]?.id;
  }
  const insert = `insert into storage.objects (id, bucket_id, name, owner_id, owner, metadata, version)
                  values ($1, $2, $3, $4, $5::uuid, $6::jsonb, $7)`;
  const values = [row.id, row.bucket, row.key, ...changes];
  if (mode === 'insert') {
    // No RETURNING: an upload needs only the INSERT policy, as on hosted Supabase.
    await tx.query(insert, values);
    return row.id;
  }
  const { rows } = await tx.query<{ id: string }>(
    `${insert}
     on conflict (bucket_id, name) do update
       set owner_id = excluded.owner_id, owner = excluded.owner, metadata = excluded.metadata,
           version = excluded.version, updated_at = now(), last_accessed_at = now()
     returning id::text as id`,
    values,
  );
  return rows[0]?.id;
}

function writeMode(method: string, upsertHeader: string | undefined): WriteMode {
  if (method === 'PUT') return 'update';
  return upsertHeader === 'true' ? 'upsert' : 'insert';
}

/**
 * POST (upload) and PUT (update) /object/<bucket>/<key>. The row is written first, as the caller; the file is
 * put in place inside that transaction and taken back out if the transaction does not commit, so a refusal
 * leaves nothing behind.
 */
export async function handleUpload(
  request: StorageRequest,
  res: ServerResponse,
  rest: string,
): Promise<void> {
  const { bucket, key } = parseBucketAndKey(rest);
  const bucketRow = await findBucket(request, bucket);
  if (!bucketRow) throw storageErrors.noSuchBucket();
  const maxSize = Math.min(request.ctx.config.storageFileSizeLimit, bucketRow.fileSizeLimit ?? Infinity);
  const file: IncomingFile = await readIncomingFile(request.req, maxSize);
  const mode = writeMode(request.req.method ?? 'POST', header(request.req, 'x-upsert'));
  const owner = typeof request.claims.sub === 'string' ? request.claims.sub : null;
  const files = objectFilesFor(request.ctx.config);
  const placement: { file?: PlacedFile } = {};
  let id: string;
  try {
    id = await asCaller(request, async (tx) => {
      const written = await writeRow(tx, mode, {
        id: randomUUID(),
        bucket,
        key,
        owner,
        metadata: describeFile(file),
      });
      if (written === undefined) throw storageErrors.noSuchKey();
      // Checked after the row so that, as on hosted Supabase, who may write is answered before what is written.
      assertAcceptableContent(file.mimeType, file.content, bucketRow.allowedMimeTypes);
      placement.file = await files.place(bucket, key, file.content);
      return written;
    });
  } catch (error) {
    await placement.file?.undo();
    throw error;
  }
  await placement.file?.keep();
  sendJson(res, 200, { Key: `${bucket}/${key}`, Id: id });
}
