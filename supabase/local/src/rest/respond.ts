import type { ServerResponse } from 'node:http';
import { COMPRESS_FROM_BYTES, compress, encodingFor } from '../gateway/compression.ts';
import { header } from '../http.ts';
import { restError } from './errors.ts';
import { contentTypeFor, type ResponseShape } from './media-type.ts';

/** `Content-Range`: `0-24/3573`, `0-24/*`, or `*\/0` for an empty page. */
export function contentRange(offset: number, pageCount: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total);
  return pageCount === 0 ? `*/${totalText}` : `${offset}-${offset + pageCount - 1}/${totalText}`;
}

/** 200, 206 for a partial page of a counted result, 416 PGRST103 for an offset past the end. */
export function readStatus(offset: number, pageCount: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) {
    throw restError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
  }
  return pageCount < total ? 206 : 200;
}

export const singularityError = (rows: number) =>
  restError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  );

/** The JSON text to send for this shape; a single object must be exactly one row. */
export function bodyFor(
  shape: ResponseShape,
  result: { body: string; single: string | null; page_count: number },
) {
  if (!shape.single) return result.body;
  if (result.page_count !== 1 || result.single === null) throw singularityError(result.page_count);
  return result.single;
}

export function send(
  res: ServerResponse,
  status: number,
  shape: ResponseShape,
  body: string | undefined,
  headers: Record<string, string | undefined>,
  head = false,
): void {
  const defined = Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  if (body === undefined) {
    res.writeHead(status, defined);
    res.end();
    return;
  }
  // Compressed as hosted Supabase's edge compresses it, for a client that accepts it (gateway/compression.ts).
  const encoding =
    Buffer.byteLength(body) >= COMPRESS_FROM_BYTES ? encodingFor(header(res.req, 'accept-encoding')) : null;
  const sent = encoding ? compress(body, encoding) : body;
  res.writeHead(status, {
    'content-type': contentTypeFor(shape),
    'content-length': String(Buffer.byteLength(sent)),
    ...(encoding && { 'content-encoding': encoding, vary: 'Accept-Encoding' }),
    ...defined,
  });
  res.end(head ? undefined : sent);
}
