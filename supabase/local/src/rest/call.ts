import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { withClaims } from '../db/with-claims.ts';
import type { Queryable } from '../db/types.ts';
import { header } from '../http.ts';
import { JwtError, resolveCaller, type Caller } from '../jwt.ts';
import { restError } from './errors.ts';
import { negotiate, type ResponseShape } from './media-type.ts';
import { parsePayload, readRawPayload } from './payload.ts';
import { parsePrefer, type Preferences } from './prefer.ts';

/** One REST request, with everything the handlers share. */
export interface RestCall {
  req: IncomingMessage;
  res: ServerResponse;
  ctx: StackContext;
  url: URL;
  caller: Caller;
  prefs: Preferences;
  shape: ResponseShape;
  /** the JSON body, read once (a retry after a catalog reload must not read the stream again) */
  payload(): Promise<unknown>;
  /** the body's bytes as sent (a single unnamed parameter takes them untouched) */
  rawBody(): Promise<Buffer>;
  /** runs fn in the caller's transaction (role and claims set) */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

const EXPOSED_SCHEMAS = ['public'];

function jwtFailure(error: JwtError, token: string): Error {
  const expired = error.kind === 'expired';
  const parts = token.split('.').length;
  const message = expired
    ? 'JWT expired'
    : parts !== 3
      ? `Expected 3 parts in JWT; got ${parts}`
      : 'No suitable key or wrong key type';
  return restError(401, expired ? 'PGRST303' : 'PGRST301', message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });
}

function checkSchema(req: IncomingMessage): void {
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  const profile = header(req, readOnly ? 'accept-profile' : 'content-profile');
  if (profile !== undefined && !EXPOSED_SCHEMAS.includes(profile)) {
    throw restError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      `Only the following schemas are exposed: ${EXPOSED_SCHEMAS.join(', ')}`,
    );
  }
}

export async function openCall(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<RestCall> {
  let caller: Caller;
  try {
    caller = await resolveCaller(req, ctx.config);
  } catch (error) {
    if (error instanceof JwtError) {
      const authorization = header(req, 'authorization') ?? '';
      throw jwtFailure(error, authorization.replace(/^Bearer\s+/i, '') || (header(req, 'apikey') ?? ''));
    }
    throw error;
  }
  checkSchema(req);
  const method = req.method ?? 'GET';
  let payload: Promise<unknown> | undefined;
  let raw: Promise<Buffer> | undefined;
  const rawBody = () => (raw ??= readRawPayload(req, ctx.config.maxBodyBytes));
  return {
    req,
    res,
    ctx,
    url,
    caller,
    prefs: parsePrefer(req),
    shape: negotiate(header(req, 'accept')),
    // The bytes are read once: a handler may want them raw (an upsert's conflict check) or as JSON.
    payload: () => (payload ??= rawBody().then((bytes) => parsePayload(req, bytes))),
    rawBody,
    transaction: (fn) =>
      withClaims(ctx.db, caller.claims, fn, {
        readOnly: method === 'GET' || method === 'HEAD',
        method,
        path: url.pathname.replace(/^\/rest\/v1/, '') || '/',
        headers: req.headers,
      }),
  };
}
