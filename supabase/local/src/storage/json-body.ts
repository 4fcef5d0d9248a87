import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, InvalidJsonError, bodyMediaType, readJson } from '../http.ts';
import { storageErrors } from './errors.ts';

/** List and remove bodies are small; this keeps a hostile client from making the stack buffer megabytes. */
const JSON_BODY_LIMIT = 1024 * 1024;

/** A JSON object body, or Storage's 400 with the message its request validation gives. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  // Storage parses only application/json bodies; any other type reaches the route as no body at all.
  if (bodyMediaType(req) !== 'application/json') {
    req.resume();
    throw storageErrors.invalidRequest('body must be object');
  }
  let body: unknown;
  try {
    body = await readJson(req, { limit: JSON_BODY_LIMIT });
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw storageErrors.invalidRequest('Request body is too large');
    }
    if (error instanceof InvalidJsonError) {
      throw storageErrors.invalidRequest(
        "Body is not valid JSON but content-type is set to 'application/json'",
      );
    }
    throw error;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw storageErrors.invalidRequest('body must be object');
  }
  return body as Record<string, unknown>;
}

export function optionalInteger(
  body: Record<string, unknown>,
  field: string,
  minimum: number,
  fallback: number,
): number {
  const value = body[field];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw storageErrors.invalidRequest(`body/${field} must be integer`);
  }
  if (value < minimum) throw storageErrors.invalidRequest(`body/${field} must be >= ${minimum}`);
  return value;
}

export function oneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  where: string,
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw storageErrors.invalidRequest(`${where} must be equal to one of the allowed values`);
}
