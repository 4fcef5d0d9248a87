/**
 * The answers of the functions the site's pages call (stripe-checkout, store-checkout, stripe-refund,
 * stripe-settings): CORS for a browser on the site's own origin (preflights carry no JWT, decision 0087),
 * JSON that is never cached. Web-standard only, so handlers run in Node's tests too.
 */
export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, apikey, content-type, x-client-info',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

export function answer(status: number, body: object): Response {
  return Response.json(body, { status, headers: { ...CORS, 'cache-control': 'no-store' } });
}

/** The answer to a CORS preflight. */
export function preflight(): Response {
  return new Response(null, { status: 204, headers: CORS });
}

/**
 * Where Stripe sends the member back: the request's own site when it is one of SITE_URL's (comma-separated),
 * else the first of them.
 */
export function siteFor(request: Request, siteUrl: string): string {
  const sites = siteUrl
    .split(',')
    .map((site) => site.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const origin = request.headers.get('origin');
  return origin && sites.includes(origin) ? origin : sites[0]!;
}
