/**
 * RFC 8058 one-click unsubscribe (decision 0047): the target of a marketing e-mail's List-Unsubscribe header.
 * A mail client POSTs `List-Unsubscribe=One-Click` (form-encoded, no API key, nobody signed in) to
 * `…/functions/v1/unsubscribe-one-click?token=…`; this calls public.unsubscribe(token) through the REST API
 * with the anon key. POST only: link scanners fetch every URL in a message with GET, and must unsubscribe
 * nobody. Web-standard Request/Response only, so the hosted Edge Function (Deno, index.ts) and the local
 * stack (Node) run this same code. Answers never name the address.
 */

export interface OneClickOptions {
  /** The project's API origin (SUPABASE_URL), no trailing slash. */
  url: string;
  anonKey: string;
  /** Tests pass their own; the platform's fetch otherwise. */
  fetch?: typeof fetch;
}

/** The only body RFC 8058 defines, as form data: name and value. */
const ONE_CLICK = ['List-Unsubscribe', 'One-Click'] as const;
/** A one-click body is 26 bytes; anything much larger is not one. */
const MAX_BODY_BYTES = 4096;

function answer(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** The form's fields, from a urlencoded or multipart body (RFC 8058 allows either); null when neither. */
async function formOf(request: Request): Promise<URLSearchParams | FormData | null> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return null;
  try {
    if (type === 'application/x-www-form-urlencoded') {
      const text = await request.text();
      return text.length > MAX_BODY_BYTES ? null : new URLSearchParams(text);
    }
    if (type === 'multipart/form-data') return await request.formData();
  } catch {
    // An unreadable body is a wrong body.
  }
  return null;
}

/** public.unsubscribe(token) through the REST API: 'unsubscribed', 'invalid', or null when the API failed. */
async function callUnsubscribe(token: string, options: OneClickOptions): Promise<unknown> {
  const send = options.fetch ?? fetch;
  try {
    const response = await send(`${options.url}/rest/v1/rpc/unsubscribe`, {
      method: 'POST',
      headers: {
        apikey: options.anonKey,
        authorization: `Bearer ${options.anonKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ token }),
    });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

export async function handleOneClick(request: Request, options: OneClickOptions): Promise<Response> {
  if (request.method !== 'POST') {
    return answer(405, 'Use POST with List-Unsubscribe=One-Click.', { allow: 'POST' });
  }
  const form = await formOf(request);
  if (form?.get(ONE_CLICK[0]) !== ONE_CLICK[1]) {
    return answer(400, 'The body must be the form field List-Unsubscribe=One-Click.');
  }
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (token === '') return answer(404, 'This unsubscribe link is not valid.');

  const outcome = await callUnsubscribe(token, options);
  if (outcome === 'unsubscribed') return answer(200, 'You are unsubscribed from trip news.');
  if (outcome === 'invalid') return answer(404, 'This unsubscribe link is not valid.');
  // The API failed: the client may try again later (RFC 8058 asks it to treat this as not done).
  return answer(502, 'We could not unsubscribe you just now. Please try again later.');
}
