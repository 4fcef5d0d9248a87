import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StackContext, RouteHandler } from './context.ts';
import { HttpError, answerPreflight, applyCors, sendJson } from './http.ts';
import { handleAuth } from './auth/index.ts';
import { handleMail } from './mail/index.ts';
import { handleRest } from './rest/index.ts';
import { handleStorage } from './storage/index.ts';
import { attachRealtime } from './realtime/index.ts';

const routes: [prefix: string, handler: RouteHandler][] = [
  ['/rest/v1', handleRest],
  ['/auth/v1', handleAuth],
  ['/storage/v1', handleStorage],
  ['/mail', handleMail],
];

function routeFor(pathname: string): RouteHandler | undefined {
  return routes.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1];
}

async function dispatch(req: IncomingMessage, res: ServerResponse, ctx: StackContext): Promise<void> {
  applyCors(req, res);
  if (req.method === 'OPTIONS') return answerPreflight(req, res);
  const url = URL.parse(req.url ?? '/', ctx.config.apiUrl);
  // A target such as `//` is no URL at all: the gateway refuses it before any API sees it.
  if (!url) return sendJson(res, 400, { message: 'Invalid request target' });
  if (url.pathname === '/' || url.pathname === '/health') {
    return sendJson(res, 200, { name: 'supabase-local', status: 'ok', mailbox: `${ctx.config.apiUrl}/mail` });
  }
  const handler = routeFor(url.pathname);
  if (!handler) return sendJson(res, 404, { message: 'no Route matched with those values' });
  await handler(req, res, ctx, url);
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
  const server = createServer((req, res) => {
    dispatch(req, res, ctx).catch((error: unknown) => answerFailure(res, error, req));
  });
  // Keep-alive sockets would hold close() open for seconds; the API is stateless between requests.
  server.keepAliveTimeout = 5_000;
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
