import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, InvalidJsonError, readJson } from '../http.ts';
import { AuthError } from './errors.ts';

/** Auth bodies are small JSON objects; anything larger than this is refused before parsing. */
const AUTH_BODY_LIMIT = 64 * 1024;

export type JsonObject = Record<string, unknown>;

/** The request body as a JSON object ({} when empty); bad JSON answers 400 bad_json as GoTrue does. */
export async function readAuthBody(req: IncomingMessage): Promise<JsonObject> {
  let body: unknown;
  try {
    body = await readJson(req, { limit: AUTH_BODY_LIMIT });
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      throw new AuthError(413, 'request_too_large', 'Request body too large');
    if (error instanceof InvalidJsonError) {
      throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${error.message}`);
    }
    throw error;
  }
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  // Postgres text and jsonb cannot hold NUL: refused here, it can never become a database error.
  if (containsNul(body)) {
    throw new AuthError(
      400,
      'bad_json',
      'Could not parse request body as JSON: NUL characters are not allowed',
    );
  }
  return body as JsonObject;
}

/** True when a string, or any key or string inside a JSON value, contains a NUL character. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
}

/** A string field, or undefined when absent; any other type is a validation error. */
export function optionalString(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new AuthError(400, 'bad_json', `Field ${field} must be a string`);
  return value;
}

/** A JSON object field (metadata), or undefined when absent. */
export function optionalObject(body: JsonObject, field: string): JsonObject | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthError(400, 'bad_json', `Field ${field} must be an object`);
  }
  return value as JsonObject;
}

export function optionalBoolean(body: JsonObject, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new AuthError(400, 'bad_json', `Field ${field} must be a boolean`);
  return value;
}
