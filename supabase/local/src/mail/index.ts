import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, HttpError, InvalidJsonError, readJson, sendJson } from '../http.ts';
import type { Mailbox } from './mailbox.ts';
import { renderMailboxPage } from './mailbox-page.ts';
import { headersOf, listOf, matchesSearch, messageOf } from './mailpit.ts';

export { createMailer, type LocalMailer } from './mailer.ts';

const notFound = { message: 'Not found' };

/**
 * The mailbox on its own origin, at Mailpit's paths: GET / (a page), GET /api/v1/messages,
 * GET /api/v1/search?query=, GET /api/v1/message/<id|latest>[/headers], DELETE /api/v1/messages [{"IDs": [...]}].
 */
export async function handleMailbox(
  req: IncomingMessage,
  res: ServerResponse,
  mailbox: Mailbox,
  url: URL,
): Promise<void> {
  const route = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const method = req.method ?? 'GET';
  const reading = method === 'GET' || method === 'HEAD';

  if (route === '/') {
    if (!reading) return sendJson(res, 405, { message: 'Method not allowed' }, { allow: 'GET, HEAD' });
    return sendPage(res, renderMailboxPage(mailbox.list()));
  }
  if (route === '/api/v1/messages') {
    if (reading) return sendJson(res, 200, listOf(mailbox.list(), mailbox.list().length, url.searchParams));
    if (method === 'DELETE') {
      const ids = await readIds(req);
      if (ids.length === 0) mailbox.clear();
      else mailbox.remove(ids);
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': '2' });
      res.end('ok');
      return;
    }
    return sendJson(res, 405, { message: 'Method not allowed' }, { allow: 'GET, HEAD, DELETE' });
  }
  if (route === '/api/v1/search') {
    if (!reading) return sendJson(res, 405, { message: 'Method not allowed' }, { allow: 'GET, HEAD' });
    const query = url.searchParams.get('query') ?? '';
    const all = mailbox.list();
    return sendJson(
      res,
      200,
      listOf(
        all.filter((message) => matchesSearch(message, query)),
        all.length,
        url.searchParams,
      ),
    );
  }
  const [, id, part] = /^\/api\/v1\/message\/([^/]+)(\/headers)?$/.exec(route) ?? [];
  if (id === undefined) return sendJson(res, 404, notFound);
  if (!reading) return sendJson(res, 405, { message: 'Method not allowed' }, { allow: 'GET, HEAD' });
  const message = id === 'latest' ? mailbox.list()[0] : mailbox.get(safeDecode(id));
  if (!message) return sendJson(res, 404, { message: 'Message not found' });
  return sendJson(res, 200, part ? headersOf(message) : messageOf(message));
}

/** The page may not be framed by another site, and runs no script at all. */
function sendPage(res: ServerResponse, html: string): void {
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(html)),
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  res.end(html);
}

/** Mailpit's delete body: `{"IDs": [...]}`; none (or an empty list) deletes every message. */
async function readIds(req: IncomingMessage): Promise<string[]> {
  let body: unknown;
  try {
    body = await readJson(req, { limit: 64 * 1024 });
  } catch (error) {
    if (error instanceof BodyTooLargeError || error instanceof InvalidJsonError) {
      throw badRequest('The body must be JSON: {"IDs": ["<id>", ...]}');
    }
    throw error;
  }
  if (body === undefined || body === null) return [];
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The body must be a JSON object');
  const ids = (body as { IDs?: unknown }).IDs;
  if (ids === undefined || ids === null) return [];
  if (!Array.isArray(ids) || !ids.every((id): id is string => typeof id === 'string')) {
    throw badRequest('IDs must be a list of message ids');
  }
  return ids;
}

const badRequest = (message: string) => new HttpError(400, { message });

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
