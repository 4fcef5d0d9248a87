import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../context.ts';
import { header } from '../http.ts';
import { isRedirectAllowed } from './redirect.ts';

/** As GoTrue's GetReferrer: redirect_to when allowed, else the Referer when allowed, else the site URL. */
export function redirectFor(req: IncomingMessage, url: URL, ctx: StackContext): string {
  const { auth } = ctx.config;
  for (const candidate of [url.searchParams.get('redirect_to'), header(req, 'referer')]) {
    if (candidate && isRedirectAllowed(candidate, auth)) return candidate;
  }
  return auth.siteUrl;
}
