/**
 * supabase-js's fetchWithAuth rule, shared by every part of the browser's client (PostgREST, Storage):
 * the API key on every request, the member's access token once signed in, else the key again. The token is
 * read from auth-js at each request, so a refreshed session is used as soon as auth-js has it. `send` is the
 * fetch underneath (the browser's client puts the page's early reads there, ./early-reads.ts).
 */
import type { GoTrueClient } from '@supabase/auth-js';

export function fetchWithAuth(
  anonKey: string,
  auth: Pick<GoTrueClient, 'getSession'>,
  send: typeof fetch = (input, init) => fetch(input, init),
): typeof fetch {
  return async (input, init) => {
    const { data } = await auth.getSession();
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', anonKey);
    if (!headers.has('Authorization'))
      headers.set('Authorization', `Bearer ${data.session?.access_token ?? anonKey}`);
    return send(input, { ...init, headers });
  };
}
