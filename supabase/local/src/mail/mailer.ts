import path from 'node:path';
import type { StackConfig } from '../config.ts';
import type { Mailer } from '../context.ts';
import { Mailbox } from './mailbox.ts';
import { createSmtpSender } from './smtp.ts';

/** The stack's mailer; `mailbox` is set when mail stays local (no SMTP_URL), so /mail can show it. */
export interface LocalMailer extends Mailer {
  readonly mailbox: Mailbox | undefined;
  readonly smtpHost: string | undefined;
}

export function createMailer(config: Pick<StackConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>): LocalMailer {
  if (config.smtpUrl) {
    const sender = createSmtpSender(config.smtpUrl, config.mailFrom);
    return {
      mailbox: undefined,
      smtpHost: new URL(config.smtpUrl).host,
      send: (message) => sender.send(message),
    };
  }
  const mailbox = new Mailbox(
    config.mailFrom,
    config.dataDir === undefined ? undefined : path.join(config.dataDir, 'mail'),
  );
  return {
    mailbox,
    smtpHost: undefined,
    send: async (message) => {
      mailbox.add(message);
    },
  };
}

export function isLocalMailer(mailer: Mailer): mailer is LocalMailer {
  return 'mailbox' in mailer;
}
