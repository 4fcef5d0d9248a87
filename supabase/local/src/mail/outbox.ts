import type { Mailer } from '../context.ts';
import type { Database } from '../db/types.ts';

/**
 * Delivers the company's mail that the database queued in private.outbound_mail (migration
 * 20261124100002_company_mail_outbox.sql): it claims due rows, sends each through the stack's mailer (the
 * local mailbox, or SMTP_URL) and records the outcome. What to send, to whom and when to retry is the
 * database's business; this only delivers. Hosted Supabase needs its own sender: decision 0018.
 */

interface DueMail {
  id: string | number;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  /** The HTML part, when the database wrote one: the message then has both parts. */
  html_body?: string | null;
  /** Marketing mail's one-click unsubscribe target (decision 0047), sent as headers. */
  list_unsubscribe?: string | null;
}

export interface Outbox {
  /** Sends everything that is due now; resolves to how many went out. */
  deliverDue(): Promise<number>;
  stop(): Promise<void>;
}

export interface OutboxOptions {
  /** How often to look for due mail besides the database's NOTIFY (retries wait for this). */
  pollMs?: number;
}

export function createOutbox(db: Database, mailer: Mailer): Outbox {
  let running: Promise<number> | null = null;

  async function deliverOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const { rows } = await db.query<DueMail>('select * from private.claim_outbound_mail(10)');
      if (rows.length === 0) return sent;
      for (const mail of rows) {
        try {
          await mailer.send({
            to: mail.recipient,
            subject: mail.subject,
            text: mail.body,
            ...(mail.html_body ? { html: mail.html_body } : {}),
            ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
            ...(mail.list_unsubscribe ? { listUnsubscribe: mail.list_unsubscribe } : {}),
          });
          await db.query('select private.outbound_mail_sent($1)', [mail.id]);
          sent += 1;
        } catch (error) {
          await db.query('select private.outbound_mail_failed($1, $2)', [mail.id, messageOf(error)]);
        }
      }
    }
  }

  return {
    // One delivery at a time: a wake-up during a run waits for it and then looks again.
    async deliverDue() {
      while (running) await running.catch(() => 0);
      running = deliverOnce();
      try {
        return await running;
      } finally {
        running = null;
      }
    },
    async stop() {
      await running?.catch(() => 0);
    },
  };
}

/** Runs an outbox in the background: on each NOTIFY outbound_mail and every `pollMs`. */
export async function startOutbox(
  db: Database,
  mailer: Mailer,
  { pollMs = 5_000 }: OutboxOptions = {},
): Promise<Outbox> {
  const outbox = createOutbox(db, mailer);
  let stopped = false;
  const wake = () => {
    if (stopped) return;
    outbox.deliverDue().catch((error: unknown) => {
      if (!stopped) console.error('[supabase-local] outbox:', messageOf(error));
    });
  };
  const unlisten = await db.listen?.('outbound_mail', wake);
  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();
  return {
    deliverDue: () => outbox.deliverDue(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten?.();
      await outbox.stop();
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
