import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { BodyTooLargeError, readBody, sendJson } from '../http.ts';
import { JwtError, resolveCaller } from '../jwt.ts';
import { EDGE_FUNCTIONS } from './registry.ts';

// Hosted Supabase's answers at /functions/v1 (its gateway's, before any function code runs).
const NOT_FOUND = { code: 'NOT_FOUND', message: 'Requested function was not found' };
const MISSING_JWT = { code: 401, message: 'Missing authorization header' };
const INVALID_JWT = { code: 401, message: 'Invalid JWT' };

/**
 * /functions/v1/<name>[/…]: runs supabase/functions/<name>/handler.ts as the hosted runtime would. Functions
 * answer CORS and keys themselves, so the REST gateway's API-key check does not apply; with verify_jwt
 * (the default) a request needs a valid JWT in Authorization, as hosted.
 */
export async function handleFunctions(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  const name = /^\/functions\/v1\/([^/]+)/.exec(url.pathname)?.[1] ?? '';
  const load = Object.hasOwn(EDGE_FUNCTIONS, name) ? EDGE_FUNCTIONS[name] : undefined;
  const settings = ctx.config.functions[name] ?? { enabled: true, verifyJwt: true };
  if (!load || !settings.enabled) return sendJson(res, 404, NOT_FOUND);
  if (settings.verifyJwt) {
    const refusal = await jwtRefusal(req, ctx);
    if (refusal) return sendJson(res, 401, refusal);
  }
  let request: Request;
  try {
    request = await webRequest(req, url, ctx.config.maxBodyBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return sendJson(res, 413, { message: error.message });
    throw error;
  }
  const handler = await load();
  const response = await handler(request, { url: ctx.config.apiUrl, anonKey: ctx.config.anonKey });
  await writeResponse(res, response);
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

/** The Node request as a web Request (the function sees its public URL, query and all). */
async function webRequest(req: IncomingMessage, url: URL, limit: number): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? await readBody(req, { limit }) : undefined;
  if (!hasBody) req.resume();
  return new Request(url, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) });
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, { ...headers, 'content-length': String(body.length) });
  res.end(body);
}
