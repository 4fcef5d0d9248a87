import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { sendEmpty, sendHtml, sendJson } from '../http.ts';
import { isLocalMailer } from './mailer.ts';
import { renderMailboxPage, renderSmtpNotice } from './mailbox-page.ts';

export { createMailer, type LocalMailer } from './mailer.ts';

/**
 * GET /mail (a page), GET /mail/api/messages[?to=], GET /mail/api/messages/<id>, DELETE /mail/api/messages.
 */
export async function handleMail(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  const mailbox = isLocalMailer(ctx.mailer) ? ctx.mailer.mailbox : undefined;
  const route = url.pathname.replace(/\/+$/, '');
  const method = req.method ?? 'GET';

  if (route === '/mail' && (method === 'GET' || method === 'HEAD')) {
    if (!mailbox) {
      const host = isLocalMailer(ctx.mailer) ? (ctx.mailer.smtpHost ?? 'SMTP_URL') : 'SMTP_URL';
      return sendHtml(res, 200, renderSmtpNotice(host));
    }
    return sendHtml(res, 200, renderMailboxPage(mailbox.list()));
  }
  if (!route.startsWith('/mail/api/messages')) return sendJson(res, 404, { message: 'Not found' });
  if (!mailbox) {
    return sendJson(res, 404, { message: 'The local mailbox is off: mail is delivered through SMTP_URL' });
  }

  if (route === '/mail/api/messages') {
    if (method === 'GET') return sendJson(res, 200, mailbox.list(url.searchParams.get('to') ?? undefined));
    if (method === 'DELETE') {
      mailbox.clear();
      return sendEmpty(res, 204);
    }
    return sendJson(res, 405, { message: 'Method not allowed' }, { allow: 'GET, DELETE' });
  }

  const id = safeDecode(route.slice('/mail/api/messages/'.length));
  if (method !== 'GET') return sendJson(res, 405, { message: 'Method not allowed' }, { allow: 'GET' });
  const message = mailbox.get(id);
  if (!message) return sendJson(res, 404, { message: 'Message not found' });
  return sendJson(res, 200, message);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
