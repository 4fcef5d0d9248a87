import type { IncomingMessage } from 'node:http';
import type { StackConfig } from '../config.ts';
import { header, HttpError } from '../http.ts';

// Hosted Supabase's gateway (Kong key-auth) refuses a request to /rest/v1, /auth/v1 (but its open routes)
// and the other services unless it names a project key in the `apikey` header or query parameter.
const MISSING = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
};
const INVALID = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
};

// Routes the hosted gateway serves without a key: links opened from e-mails and OAuth redirects.
const OPEN_AUTH_ROUTES = [
  '/auth/v1/verify',
  '/auth/v1/callback',
  '/auth/v1/authorize',
  '/auth/v1/.well-known/jwks.json',
];
// Storage links a browser loads as they are (<img src>, a signed URL): they carry no key.
const OPEN_STORAGE_READS = [
  '/storage/v1/object/public/',
  '/storage/v1/object/sign/',
  '/storage/v1/render/image/public/',
];

function isOpen(method: string, pathname: string): boolean {
  if (OPEN_AUTH_ROUTES.some((route) => pathname === route || pathname.startsWith(`${route}/`))) return true;
  return (
    (method === 'GET' || method === 'HEAD') &&
    OPEN_STORAGE_READS.some((prefix) => pathname.startsWith(prefix))
  );
}

/** Throws the gateway's 401 unless the request carries the anon or service_role key (or needs none). */
export function requireApiKey(req: IncomingMessage, url: URL, config: StackConfig): void {
  if (isOpen(req.method ?? 'GET', url.pathname)) return;
  const key = header(req, 'apikey') ?? url.searchParams.get('apikey') ?? '';
  const challenge = { 'www-authenticate': 'Key realm="kong"' };
  if (key === '') throw new HttpError(401, MISSING, challenge);
  if (key !== config.anonKey && key !== config.serviceRoleKey) throw new HttpError(401, INVALID, challenge);
}
