import type { IncomingMessage, ServerResponse } from 'node:http';
import { header } from '../http.ts';

// What hosted Supabase's gateway answers: Kong's `cors` plugin with no configuration allows every origin
// with `*` and never credentials (the API authenticates with headers, not cookies), reflects the requested
// headers in a preflight and lists its default methods.
const ALLOWED_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT';

// The services behind the gateway expose these to browser code (supabase-js reads Content-Range for counts,
// auth-js the API version and error code).
const EXPOSED_HEADERS = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
  'Preference-Applied',
  'X-Supabase-Api-Version',
  'X-Sb-Error-Code',
  'ETag',
].join(', ');

/** A CORS preflight as Kong recognises it: OPTIONS with an Origin and Access-Control-Request-Method. */
export function isPreflight(req: IncomingMessage): boolean {
  return (
    req.method === 'OPTIONS' &&
    Boolean(header(req, 'origin')) &&
    Boolean(header(req, 'access-control-request-method'))
  );
}

/** Headers on every answer of a routed API request. */
export function applyCors(res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
}

/** Kong answers the preflight itself, before any key check: 200 with no body. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = header(req, 'access-control-request-headers');
  res.writeHead(200, {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': ALLOWED_METHODS,
    ...(requested ? { 'access-control-allow-headers': requested } : {}),
    'content-length': '0',
  });
  res.end();
}
