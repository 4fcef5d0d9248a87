import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, header, readBody } from '../http.ts';
import { storageErrors } from './errors.ts';
import type { ObjectMetadata } from './storage-db.ts';

/** Room for multipart boundaries and the small fields that come before the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface IncomingFile {
  content: Buffer;
  mimeType: string;
  cacheControl: string;
}

async function readLimited(req: IncomingMessage, limit: number): Promise<Buffer> {
  try {
    return await readBody(req, { limit });
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw storageErrors.tooLarge();
    throw error;
  }
}

/** A Blob or FormData from storage-js: the first file part plus the `cacheControl` and `contentType` fields. */
async function readMultipart(
  req: IncomingMessage,
  contentType: string,
  maxSize: number,
): Promise<IncomingFile> {
  const raw = await readLimited(req, maxSize + MULTIPART_OVERHEAD_BYTES);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw storageErrors.invalidRequest('The multipart form could not be read');
  }
  const file = [...form.values()].find((value): value is File => typeof value !== 'string');
  if (!file) throw storageErrors.noContent();
  if (file.size > maxSize) throw storageErrors.tooLarge();
  const cacheTime = form.get('cacheControl');
  const declaredType = form.get('contentType');
  return {
    content: Buffer.from(await file.arrayBuffer()),
    mimeType: (typeof declaredType === 'string' && declaredType) || file.type || 'application/octet-stream',
    cacheControl: typeof cacheTime === 'string' && cacheTime !== '' ? `max-age=${cacheTime}` : 'no-cache',
  };
}

/** Reads an upload as supabase/storage does: multipart form, or the raw body with its own headers. */
export async function readIncomingFile(req: IncomingMessage, maxSize: number): Promise<IncomingFile> {
  const contentType = header(req, 'content-type') ?? '';
  const file = contentType.toLowerCase().startsWith('multipart/form-data')
    ? await readMultipart(req, contentType, maxSize)
    : {
        content: await readLimited(req, maxSize),
        mimeType: contentType || 'application/octet-stream',
        cacheControl: header(req, 'cache-control') ?? 'no-cache',
      };
  assertHeaderSafe('Content-Type', file.mimeType);
  assertHeaderSafe('Cache-Control', file.cacheControl);
  return file;
}

// Both values are served back as response headers; form fields can carry anything, headers cannot.
const HEADER_SAFE = /^[\t\x20-\x7e]{1,512}$/;

function assertHeaderSafe(name: string, value: string): void {
  if (!HEADER_SAFE.test(value)) {
    throw storageErrors.invalidRequest(
      `Invalid character in header "${name}" (or longer than 512 characters)`,
    );
  }
}

export function describeFile(file: IncomingFile, now = new Date()): ObjectMetadata {
  return {
    eTag: `"${createHash('md5').update(file.content).digest('hex')}"`,
    size: file.content.length,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: now.toISOString(),
    contentLength: file.content.length,
    httpStatusCode: 200,
  };
}
