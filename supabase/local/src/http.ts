import type { IncomingMessage, ServerResponse } from 'node:http';

/** An answer decided by a handler: the server writes it as JSON with this status and headers. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'message' in body ? String(body.message) : `HTTP ${status}`);
  }
}

/** Thrown by readBody when the body is larger than allowed; each API turns it into its own error shape. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body exceeds ${limit} bytes`);
  }
}

/** Thrown by readJson when the body is not JSON; each API turns it into its own error shape. */
export class InvalidJsonError extends Error {}

/** Arrays and objects nested deeper than this are refused: code that walks JSON recursively stays safe. */
export const MAX_JSON_DEPTH = 512;

/** Thrown by readJson for JSON nested deeper than MAX_JSON_DEPTH; an InvalidJsonError to every API. */
export class JsonTooDeepError extends InvalidJsonError {
  constructor() {
    super(`exceeded max depth: JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

/** The deepest nesting of arrays and objects in JSON text, counted without recursion or parsing. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x5d || char === 0x7d) {
      depth -= 1;
    }
  }
  return deepest;
}

export async function readBody(req: IncomingMessage, { limit }: { limit: number }): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new BodyTooLargeError(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) {
      req.resume();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON body; an empty body reads as `undefined`. */
export async function readJson(req: IncomingMessage, { limit }: { limit: number }): Promise<unknown> {
  return parseJson(await readBody(req, { limit }));
}

/** Parses body bytes as JSON, within MAX_JSON_DEPTH; no bytes parse as `undefined`. */
export function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new JsonTooDeepError();
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InvalidJsonError((error as Error).message);
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(payload)),
    ...headers,
  });
  res.end(payload);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers);
  res.end();
}

/** The body's media type, lower case without parameters ('' when no Content-Type was sent). */
export function bodyMediaType(req: IncomingMessage): string {
  return (header(req, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** First value of a header that may repeat. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The caller's address, for per-address rate limits. */
export function clientAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}
