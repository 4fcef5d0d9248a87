import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { BodyTooLargeError, readBody, sendJson } from '../http.ts';
import { JwtError, resolveCaller } from '../jwt.ts';
import { BootError } from './deno-workers.ts';

// Hosted Supabase's answers at /functions/v1 (its gateway's, before any function code runs).
const NOT_FOUND = { code: 'NOT_FOUND', message: 'Requested function was not found' };
const MISSING_JWT = { code: 401, message: 'Missing authorization header' };
const INVALID_JWT = { code: 401, message: 'Invalid JWT' };
const BOOT_ERROR = { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' };

/**
 * /functions/v1/<name>[/…]: hands the request to supabase/functions/<name> running under Deno
 * (deno-workers.ts), as the hosted gateway hands it to the function's worker: the function sees the path
 * from its own name on (`/<name>/…` and the query). Functions answer CORS and keys themselves, so the REST
 * gateway's API-key check does not apply; with verify_jwt (the default) a request needs a valid JWT in
 * Authorization, as hosted.
 */
export async function handleFunctions(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  const name = /^\/functions\/v1\/([^/]+)/.exec(url.pathname)?.[1] ?? '';
  const settings = ctx.config.functions[name] ?? { enabled: true, verifyJwt: true };
  if (!ctx.functions.has(name) || !settings.enabled) return sendJson(res, 404, NOT_FOUND);
  // A browser's CORS preflight carries no Authorization: hosted lets it through to the function, which answers it.
  if (settings.verifyJwt && req.method !== 'OPTIONS') {
    const refusal = await jwtRefusal(req, ctx);
    if (refusal) return sendJson(res, 401, refusal);
  }
  let body: Buffer | undefined;
  try {
    body = await requestBody(req, ctx.config.maxBodyBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return sendJson(res, 413, { message: error.message });
    throw error;
  }
  let origin: string;
  try {
    origin = await ctx.functions.origin(name);
  } catch (error) {
    if (!(error instanceof BootError)) throw error;
    console.error(`[functions] ${error.message}`);
    return sendJson(res, 503, BOOT_ERROR);
  }
  const path = `/${name}${url.pathname.slice(`/functions/v1/${name}`.length)}${url.search}`;
  await forward(req, res, new URL(path, origin), body);
}

async function jwtRefusal(req: IncomingMessage, ctx: StackContext): Promise<object | undefined> {
  if (!req.headers.authorization) return MISSING_JWT;
  try {
    await resolveCaller(req, ctx.config);
    return undefined;
  } catch (error) {
    if (error instanceof JwtError) return INVALID_JWT;
    throw error;
  }
}

/** The body, read whole within the API's limit (none for GET and HEAD). */
async function requestBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') {
    req.resume();
    return undefined;
  }
  return readBody(req, { limit });
}

/** Sends the request on to the worker and its answer back unchanged (status, headers, bytes). */
function forward(
  req: IncomingMessage,
  res: ServerResponse,
  target: URL,
  body: Buffer | undefined,
): Promise<void> {
  const headers = { ...req.headers, host: target.host };
  delete headers['transfer-encoding'];
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', resolve);
      answer.on('error', reject);
    });
    upstream.on('error', reject);
    upstream.end(body);
  });
}
