import { HttpError } from '../http.ts';

/** The body every Storage error carries; `statusCode` is the real status as a string. */
export interface StorageErrorBody {
  statusCode: string;
  code: string;
  error: string;
  message: string;
}

/**
 * supabase/storage answers handled errors with HTTP 400 (500 stays 500) and puts the real status in the
 * body's `statusCode`; storage-js reads it from there.
 */
export function storageError(statusCode: number, code: string, message: string, error = code): HttpError {
  const body: StorageErrorBody = { statusCode: String(statusCode), code, error, message };
  return new HttpError(statusCode === 500 ? 500 : 400, body);
}

export const storageErrors = {
  noSuchBucket: () => storageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => storageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  duplicate: () => storageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  tooLarge: () =>
    storageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mimeType: string) =>
    storageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  contentNotImage: (mimeType: string) =>
    storageError(
      415,
      'InvalidMimeType',
      `The file content is not a ${mimeType} image (only PNG, JPEG, GIF, WebP and AVIF images are accepted)`,
      'invalid_mime_type',
    ),
  invalidKey: (reason: string) => storageError(400, 'InvalidKey', `Invalid key: ${reason}`),
  invalidBucketName: () => storageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidRequest: (message: string) => storageError(400, 'InvalidRequest', message, 'Bad Request'),
  noContent: () => storageError(400, 'InvalidRequest', 'No content provided'),
  accessDenied: (message: string) => storageError(403, 'AccessDenied', message, 'Unauthorized'),
  /** A route hosted Storage has and the local stack does not: refused by name, never read as another route. */
  notImplemented: (route: string, feature: string) =>
    storageError(
      501,
      'NotImplemented',
      `Not implemented by the local stack: ${route} (${feature})`,
      'Feature not implemented',
    ),
  notFoundRoute: (method: string, path: string) =>
    storageError(404, 'NotFound', `Route ${method}:${path} not found`, 'Not Found'),
};

/** Postgres error code of a driver error (pg and PGlite both expose `code`). */
function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** Maps what Postgres refused to Storage's answers, as supabase/storage does; anything else is rethrown. */
export function mapDatabaseError(error: unknown): never {
  if (error instanceof HttpError) throw error;
  const message = error instanceof Error ? error.message : String(error);
  switch (sqlState(error)) {
    case '42501':
      throw storageErrors.accessDenied(
        message.includes('row-level security') ? 'new row violates row-level security policy' : message,
      );
    case '23505':
      throw storageErrors.duplicate();
    case '22P02':
    case '23514':
      throw storageError(400, 'InvalidParameter', message);
    case '22021': // a NUL or invalid byte in a value
    case '22P05':
      throw storageError(400, 'InvalidParameter', 'A value contains a character the database cannot store');
    default:
      throw error;
  }
}
