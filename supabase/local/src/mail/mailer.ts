import path from 'node:path';
import type { StackConfig } from '../config.ts';
import type { Mailer } from '../context.ts';
import { Mailbox } from './mailbox.ts';
import { createSmtpSender } from '../../../functions/_shared/smtp.ts';

/** The stack's mailer; `mailbox` is set when mail stays local (no SMTP_URL), so the mailbox can show it. */
export interface LocalMailer extends Mailer {
  readonly mailbox: Mailbox | undefined;
}

export function createMailer(
  config: Pick<StackConfig, 'smtpUrl' | 'smtpTlsInsecure' | 'mailFrom' | 'dataDir'>,
): LocalMailer {
  if (config.smtpUrl) {
    const sender = createSmtpSender(config.smtpUrl, config.mailFrom, { insecureTls: config.smtpTlsInsecure });
    return {
      mailbox: undefined,
      send: (message) => sender.send(message),
    };
  }
  const mailbox = new Mailbox(
    config.mailFrom,
    config.dataDir === undefined ? undefined : path.join(config.dataDir, 'mail'),
  );
  return {
    mailbox,
    send: async (message) => {
      mailbox.add(message);
    },
  };
}
