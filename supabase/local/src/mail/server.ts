import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackHost } from '../bind-guard.ts';
import { HttpError, header, sendJson } from '../http.ts';
import { handleMailbox } from './index.ts';
import type { Mailbox } from './mailbox.ts';

export interface RunningMailbox {
  url: string;
  close(): Promise<void>;
}

/** The host part of a Host header or an origin's authority: `[::1]:54324` → `::1`. */
function hostName(authority: string): string {
  return authority.replace(/:\d*$/, '').replace(/^\[(.*)\]$/, '$1');
}

/**
 * The mailbox holds sign-in links, so only this machine's own pages may read it: no CORS headers; a Host
 * that is not loopback (a DNS-rebinding page) or the configured host is refused, and so is any request
 * whose Origin is not the mailbox's own origin (a page on another site, or the API's own origin).
 */
function refusal(req: IncomingMessage, boundHost: string): string | undefined {
  const host = header(req, 'host') ?? '';
  const name = hostName(host);
  if (!isLoopbackHost(name) && name !== hostName(boundHost)) return 'Blocked: unknown Host';
  const origin = header(req, 'origin');
  if (origin !== undefined && origin !== `http://${host}`) return 'Blocked due to CORS violation';
  // Deleting is the one change: it must come from the mailbox's own page (or no browser at all).
  const site = header(req, 'sec-fetch-site');
  const reading = req.method === 'GET' || req.method === 'HEAD';
  if (!reading && site !== undefined && site !== 'same-origin' && site !== 'none') {
    return 'Blocked due to CORS violation';
  }
  return undefined;
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  mailbox: Mailbox,
  host: string,
): Promise<void> {
  const problem = refusal(req, host);
  if (problem) return sendJson(res, 403, { message: problem });
  const url = URL.parse(req.url ?? '/', 'http://mailbox.invalid');
  if (!url) return sendJson(res, 400, { message: 'Invalid request target' });
  await handleMailbox(req, res, mailbox, url);
}

/** Serves the mailbox on its own port (the Supabase CLI's Mailpit port), never on the API's origin. */
export async function listenMailbox(mailbox: Mailbox, host: string, port: number): Promise<RunningMailbox> {
  const server = createServer((req, res) => {
    serve(req, res, mailbox, host).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof HttpError) return sendJson(res, error.status, error.body, error.headers);
      console.error(`[supabase-local] mailbox ${req.method} ${req.url} failed:`, error);
      sendJson(res, 500, { message: 'Internal server error' });
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
