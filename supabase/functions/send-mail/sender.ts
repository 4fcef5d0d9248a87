/**
 * Drains the company's outbox (private.outbound_mail) on hosted Supabase, where no local stack delivers it
 * (decision 0080): claims due messages through the API with the service-role key
 * (public.claim_outbound_mail, which counts the attempt and pushes the next one back 1, 2, 4 … minutes),
 * sends each through the configured transport and marks it sent, or keeps the transport's error. Two
 * senders never take the same message (the claim skips locked rows), and a message marked sent is never
 * claimed again: each goes out once. Web-standard code, so its test can run it in Node as well as in Deno.
 */
import type { MailMessage } from '../_shared/mail-message.ts';

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

export interface DrainOptions {
  /** The project's API origin (SUPABASE_URL). */
  url: string;
  serviceRoleKey: string;
  transport: MailTransport;
  /** Stop claiming after this long, so one call ends well within the function's wall-clock limit. */
  budgetMs?: number;
  fetch?: typeof fetch;
}

export interface DrainResult {
  sent: number;
  failed: number;
}

interface ClaimedMail {
  id: number;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  html_body: string | null;
  list_unsubscribe: string | null;
}

const BATCH = 10;

async function rpc(options: DrainOptions, name: string, args: object): Promise<unknown> {
  const response = await (options.fetch ?? fetch)(`${options.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: options.serviceRoleKey,
      authorization: `Bearer ${options.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

function messageOf(mail: ClaimedMail): MailMessage {
  return {
    to: mail.recipient,
    subject: mail.subject,
    text: mail.body,
    ...(mail.html_body ? { html: mail.html_body } : {}),
    ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
    ...(mail.list_unsubscribe ? { listUnsubscribe: mail.list_unsubscribe } : {}),
  };
}

export async function drainOutbox(options: DrainOptions): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0 };
  const stopAt = Date.now() + (options.budgetMs ?? 50_000);
  while (Date.now() < stopAt) {
    const claimed = (await rpc(options, 'claim_outbound_mail', { max_rows: BATCH })) as ClaimedMail[];
    if (claimed.length === 0) break;
    for (const mail of claimed) {
      try {
        await options.transport.send(messageOf(mail));
      } catch (error) {
        await rpc(options, 'outbound_mail_failed', {
          mail_id: mail.id,
          error: error instanceof Error ? error.message : String(error),
        });
        result.failed += 1;
        continue;
      }
      await rpc(options, 'outbound_mail_sent', { mail_id: mail.id });
      result.sent += 1;
    }
  }
  return result;
}
