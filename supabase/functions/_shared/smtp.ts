import nodemailer from 'nodemailer';
import type { MailMessage } from './mail-message.ts';
import { listUnsubscribeHeaders } from './list-unsubscribe.ts';

export interface SmtpSender {
  send(message: MailMessage): Promise<void>;
}

export interface SmtpOptions {
  /** Accept any certificate (SMTP_TLS_INSECURE=1), for a local test server with a self-signed one. */
  insecureTls?: boolean;
}

/**
 * Sends through `smtp://[user:pass@]host:port` (or `smtps://`); STARTTLS is used only when offered. TLS
 * certificates are verified: the mail carries sign-in and reset links, which must not reach an impostor.
 */
export function createSmtpSender(smtpUrl: string, from: string, options: SmtpOptions = {}): SmtpSender {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol}//)`);
  }
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (secure ? 465 : 25)),
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    tls: { rejectUnauthorized: !options.insecureTls },
  });
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        headers: listUnsubscribeHeaders(message.listUnsubscribe),
      });
    },
  };
}
