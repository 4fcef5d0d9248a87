import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StackContext, RouteHandler } from './context.ts';
import { HttpError, clientAddress, sendEmpty, sendJson } from './http.ts';
import { requireApiKey } from './gateway/api-key.ts';
import { identifyClient, OpenRequests } from './gateway/fair-share.ts';
import { runAsClient } from './db/fair-queue.ts';
import { answerPreflight, applyCors, isPreflight } from './gateway/cors.ts';
import { handleAuth } from './auth/index.ts';
import { handleRest } from './rest/index.ts';
import { handleStorage } from './storage/index.ts';
import { handleFunctions } from './functions/index.ts';
import { handleJobsRun } from './jobs/run-endpoint.ts';
import { attachRealtime } from './realtime/index.ts';

const routes: [prefix: string, handler: RouteHandler][] = [
  ['/rest/v1', handleRest],
  ['/auth/v1', handleAuth],
  ['/storage/v1', handleStorage],
];

function routeFor(pathname: string): RouteHandler | undefined {
  return routes.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1];
}

async function dispatch(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  open: OpenRequests,
): Promise<void> {
  const url = URL.parse(req.url ?? '/', ctx.config.apiUrl);
  // A target such as `//` is no URL at all: the gateway refuses it before any API sees it.
  if (!url) return sendJson(res, 400, { message: 'Invalid request target' });
  if (url.pathname === '/' || url.pathname === '/health') {
    return sendJson(res, 200, { name: 'supabase-local', status: 'ok', mailbox: ctx.config.mailUrl ?? null });
  }
  // Edge Functions answer CORS and keys themselves (only a JWT, when verify_jwt): past the REST gateway.
  if (url.pathname.startsWith('/functions/v1/')) return handleFunctions(req, res, ctx, url);
  if (url.pathname === '/local/v1/jobs/run') return handleJobsRun(req, res, ctx);
  const handler = routeFor(url.pathname);
  if (!handler) return sendJson(res, 404, { message: 'no Route matched with those values' });
  // As the hosted gateway: CORS first (it answers preflights itself), then the key, then the service.
  if (isPreflight(req)) return answerPreflight(req, res);
  applyCors(res);
  requireApiKey(req, url, ctx.config);
  // A key in the query is the gateway's, not a filter or an option of the service behind it.
  url.searchParams.delete('apikey');
  if (req.method === 'OPTIONS')
    return sendEmpty(res, 200, { allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' });
  // The gateway tells the services who is calling; PostgREST shows it to SQL in `request.headers`. It is the
  // first hop here, so a client's own X-Forwarded-For is replaced rather than trusted.
  req.headers['x-forwarded-for'] = clientAddress(req);
  // Each client has a few requests open at most, and its database work takes turns with other clients'
  // (decision 0057): one client's burst waits behind itself.
  const client = await identifyClient(req, url, ctx.config);
  const close = open.admit(client);
  try {
    await runAsClient(client.key, () => handler(req, res, ctx, url));
  } finally {
    close();
  }
}

function answerFailure(res: ServerResponse, error: unknown, req: IncomingMessage): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof HttpError) return sendJson(res, error.status, error.body, error.headers);
  console.error(`[supabase-local] ${req.method} ${req.url} failed:`, error);
  sendJson(res, 500, { code: 'unexpected_failure', message: 'Internal server error' });
}

export interface RunningStack {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Starts the HTTP server. With port 0 it takes a free port and updates config.port and config.apiUrl. */
export async function listen(ctx: StackContext): Promise<RunningStack> {
  const open = new OpenRequests();
  const server = createServer((req, res) => {
    dispatch(req, res, ctx, open).catch((error: unknown) => answerFailure(res, error, req));
  });
  // An idle keep-alive socket stays open a minute. With 5 s, a
  // client's large POST on a socket the server was about to drop was reset instead of answered (the
  // 413 of rest/bad-input.test.ts); close() still ends every socket at once (closeAllConnections).
  server.keepAliveTimeout = 60_000;
  const realtime = await attachRealtime(server, ctx);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(ctx.config.port, ctx.config.host, () => resolve());
  }).catch(async (error: unknown) => {
    await realtime.close();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  if (ctx.config.port === 0) {
    ctx.config.port = port;
    ctx.config.apiUrl = `http://${ctx.config.host}:${port}`;
  }
  return {
    url: ctx.config.apiUrl,
    server,
    close: async () => {
      await realtime.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
