import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api } from './api.ts';
import { checkoutPage } from './checkout-page.ts';
import { control } from './control.ts';
import { StripeError } from './errors.ts';
import { parseForm, type FormObject } from './form.ts';
import { IdempotencyStore } from './idempotency.ts';
import { expireDue } from './resources/checkout.ts';
import { route } from './routes.ts';
import { StandinState } from './state.ts';
import { WebhookSender, type WebhookEndpoint } from './webhooks.ts';

/**
 * A test-only stand-in for Stripe at its HTTP edge (decision 0084). Our code talks to it with the real
 * `stripe` SDK (`new Stripe(key, { host, port, protocol: 'http' })`); it answers the v1 calls in routes.ts,
 * serves a stand-in of the hosted Checkout page at each session's `url`, and sends signed webhooks.
 */
export interface StandinOptions {
  /** The secret key calls must carry (`Authorization: Bearer …`). */
  secretKey?: string;
  port?: number;
  host?: string;
  webhooks?: WebhookEndpoint[];
  apiVersion?: string;
  /** The account's display name (GET /v1/account). */
  accountName?: string;
}

export interface Standin {
  url: string;
  port: number;
  secretKey: string;
  api: Api;
  close(): Promise<void>;
}

const MAX_BODY = 256 * 1024;

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY)
      throw new StripeError(413, { type: 'invalid_request_error', message: 'Request too large.' });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(8).toString('hex')}`,
    ...headers,
  });
  res.end(JSON.stringify(body, null, 2));
}

function bearer(req: IncomingMessage): string | null {
  const header = req.headers.authorization ?? '';
  if (header.startsWith('Bearer ')) return header.slice(7);
  if (header.startsWith('Basic '))
    return Buffer.from(header.slice(6), 'base64').toString().split(':')[0] ?? null;
  return null;
}

function checkKey(req: IncomingMessage, secretKey: string): void {
  const given = bearer(req);
  if (!given) {
    throw new StripeError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  if (given !== secretKey) {
    throw new StripeError(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(given.length - 12, 0))}${given.slice(-4)}`,
    });
  }
}

async function handleApi(
  api: Api,
  idempotency: IdempotencyStore,
  secretKey: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  checkKey(req, secretKey);
  const method = req.method ?? 'GET';
  const text = await readText(req);
  const params: FormObject = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(text);
  const found = route(method, url.pathname);
  if (!found) {
    throw new StripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${url.pathname}).`,
    });
  }
  const headerKey = req.headers['idempotency-key'];
  const key = method === 'POST' && typeof headerKey === 'string' && headerKey !== '' ? headerKey : null;
  if (key) {
    const saved = idempotency.lookup(secretKey, key, url.pathname, params);
    if (saved) {
      sendJson(res, saved.status, saved.body, { 'idempotent-replayed': 'true', 'idempotency-key': key });
      return;
    }
  }
  let status = 200;
  let body: unknown;
  try {
    body = found.handler(api, { params, ids: found.ids, idempotencyKey: key });
  } catch (error) {
    if (!(error instanceof StripeError) || !error.saved) throw error;
    status = error.status;
    body = error.body();
  }
  if (key) idempotency.save(secretKey, key, url.pathname, params, { status, body });
  sendJson(res, status, body, key ? { 'idempotency-key': key } : {});
}

export async function startStripeStandin(options: StandinOptions = {}): Promise<Standin> {
  const secretKey = options.secretKey ?? 'sk_test_standin';
  const state = new StandinState(options.apiVersion ?? '2026-10-28.endive', options.accountName);
  const webhooks = new WebhookSender(state);
  webhooks.endpoints.push(...(options.webhooks ?? []));
  const idempotency = new IdempotencyStore();
  const api: Api = { state, webhooks, baseUrl: '' };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const parts = url.pathname.split('/').filter(Boolean);
    const work = async (): Promise<void> => {
      expireDue(api);
      if (parts[0] === 'v1') return handleApi(api, idempotency, secretKey, req, res, url);
      if (parts[0] === '_standin') {
        const text = await readText(req);
        const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        return sendJson(res, 200, await control(api, idempotency, req.method ?? 'GET', parts.slice(1), body));
      }
      if (parts[0] === 'c' && parts[1] === 'pay') {
        await readText(req);
        const answer = checkoutPage(api, req.method ?? 'GET', parts.slice(2));
        if (answer.location) res.writeHead(answer.status, { location: answer.location }).end();
        else res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' }).end(answer.html);
        return;
      }
      throw new StripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
      });
    };
    work().catch((error: unknown) => {
      if (error instanceof StripeError) sendJson(res, error.status, error.body());
      else if (error instanceof SyntaxError)
        sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'Invalid JSON.' } });
      else sendJson(res, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const port = (server.address() as AddressInfo).port;
  api.baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  // Sessions past their expiry expire on their own, as Stripe's do, even when nobody calls.
  const sweep = setInterval(() => expireDue(api), 1000);
  sweep.unref();
  return {
    url: api.baseUrl,
    port,
    secretKey,
    api,
    async close() {
      clearInterval(sweep);
      await webhooks.idle();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
