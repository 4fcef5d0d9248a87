import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, sendJson } from '../http.ts';

/** A GoTrue error: HTTP status, error code (see supabase/auth apierrors) and message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields, e.g. `weak_password: { reasons }`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const API_VERSION_HEADER = 'x-supabase-api-version';
const FIRST_VERSIONED_API = '2024-01-01';

/** The API version the client asked for, when it is a valid date on or after 2024-01-01. */
function requestedApiVersion(req: IncomingMessage): string | undefined {
  const value = header(req, API_VERSION_HEADER)?.trim();
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) return undefined;
  return value >= FIRST_VERSIONED_API ? FIRST_VERSIONED_API : undefined;
}

/** Headers every auth answer carries: GoTrue echoes the API version it answered with. */
export function versionHeaders(req: IncomingMessage): Record<string, string> {
  const version = requestedApiVersion(req);
  return version ? { [API_VERSION_HEADER]: version } : {};
}

export function sendAuthJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, body, { ...versionHeaders(req), ...headers });
}

/**
 * Versioned clients (auth-js sends 2024-01-01) get `{code, message}`; older ones get
 * `{code: <status>, error_code, msg}`, which auth-js also understands.
 */
export function sendAuthError(req: IncomingMessage, res: ServerResponse, error: AuthError): void {
  const body = requestedApiVersion(req)
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  sendAuthJson(req, res, error.status, body, { 'x-sb-error-code': error.code });
}

export const invalidCredentials = (): AuthError =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

export const validationFailed = (message: string, status = 400): AuthError =>
  new AuthError(status, 'validation_failed', message);

export const otpExpired = (): AuthError =>
  new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
