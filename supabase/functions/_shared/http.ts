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

/**
 * PostgREST's refusal of a card payment's preparation, in the member's words, with a status for it:
 * `notFound` answers P0002 (no such booking or order), and `label` names the failed call in the log.
 */
export async function paymentRefusal(
  response: Response,
  { notFound, label }: { notFound: string; label: string },
): Promise<Response> {
  const text = await response.text();
  const fallback = 'Your card payment could not be started. Please try again.';
  let message = fallback;
  let code = '';
  try {
    const error = JSON.parse(text) as { message?: string; code?: string };
    message = error.message ?? message;
    code = error.code ?? '';
  } catch {
    // Not PostgREST's JSON (a gateway's page): the generic message will do.
  }
  if (code === 'P0002') return answer(404, { message: notFound });
  if (response.status === 401 || code === '42501' || code === 'PGRST301')
    return answer(401, { message: 'Please sign in again to pay by card.' });
  if (code === '22023') return answer(400, { message });
  if (code === '55000') return answer(409, { message });
  console.error(`${label} failed: HTTP ${response.status} ${text}`);
  return answer(502, { message: fallback });
}
