import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../context.ts';
import { header } from '../http.ts';
import { allowedRedirect } from './redirect.ts';

/** redirect_to from the query (else the Referer, as GoTrue reads it), checked against the allow-list. */
export function redirectFor(req: IncomingMessage, url: URL, ctx: StackContext): string {
  const requested = url.searchParams.get('redirect_to') || header(req, 'referer') || undefined;
  return allowedRedirect(requested, ctx.config.auth);
}
