import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { storageErrors } from './errors.ts';
import { oneOf, optionalInteger, readJsonObject } from './json-body.ts';
import {
  buildListing,
  folderPrefix,
  type ListedObject,
  type ListOptions,
  type SortColumn,
} from './listing.ts';
import { parseBucket } from './object-key.ts';
import { asCaller, isoTimestamp, type StorageRequest } from './storage-db.ts';

/** storage.search caps a page at 1500 entries whatever the client asks. */
const MAX_LIMIT = 1500;
const SORT_COLUMNS: readonly SortColumn[] = ['name', 'updated_at', 'created_at', 'last_accessed_at'];

function parseListOptions(body: Record<string, unknown>): ListOptions {
  const { prefix, search, sortBy } = body;
  if (prefix === undefined) throw storageErrors.invalidRequest("body must have required property 'prefix'");
  if (typeof prefix !== 'string') throw storageErrors.invalidRequest('body/prefix must be string');
  if (search !== undefined && typeof search !== 'string') {
    throw storageErrors.invalidRequest('body/search must be string');
  }
  if (sortBy !== undefined && (typeof sortBy !== 'object' || sortBy === null || Array.isArray(sortBy))) {
    throw storageErrors.invalidRequest('body/sortBy must be object');
  }
  const sort = (sortBy ?? {}) as Record<string, unknown>;
  if (sortBy !== undefined && sort.column === undefined) {
    throw storageErrors.invalidRequest("body/sortBy must have required property 'column'");
  }
  return {
    prefix,
    search: search ?? '',
    limit: Math.min(optionalInteger(body, 'limit', 1, 100), MAX_LIMIT),
    offset: optionalInteger(body, 'offset', 0, 0),
    sortBy: {
      column: oneOf(sort.column, SORT_COLUMNS, 'body/sortBy/column', 'name'),
      order: oneOf(sort.order, ['asc', 'desc'] as const, 'body/sortBy/order', 'asc'),
    },
  };
}

/** POST /object/list/<bucket>: the objects and folders under a prefix the caller may see (RLS SELECT). */
export async function handleList(request: StorageRequest, res: ServerResponse, rest: string): Promise<void> {
  const bucket = parseBucket(rest);
  const options = parseListOptions(await readJsonObject(request.req));
  const match = folderPrefix(options.prefix) + options.search;
  const { rows } = await asCaller(
    request,
    (tx) =>
      tx.query<ListedObject>(
        `select name, jsonb_build_object(
                  'name', name, 'id', id, 'updated_at', ${isoTimestamp('updated_at')},
                  'created_at', ${isoTimestamp('created_at')},
                  'last_accessed_at', ${isoTimestamp('last_accessed_at')}, 'metadata', metadata) as entry
           from storage.objects
          where bucket_id = $1 and starts_with(lower(name), lower($2))`,
        [bucket, match],
      ),
    { readOnly: true },
  );
  sendJson(res, 200, buildListing(rows, options));
}
