import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { clientFor } from '../auth/helpers.ts';

// Every waitlist entry, interest registration and contact message queues an e-mail to the company in the
// database (migration 20261124100002_company_mail_outbox.sql); the stack's outbox delivers it through its
// mailer. Sent through supabase-js as the site sends them, read back from the mailbox.

const COMPANY = 'hello@hauntedhorizons.com.au';

interface OutboundRow {
  subject: string;
  attempts: number;
  sent_at: string | null;
  last_error: string | null;
}

describe.each(['pglite', 'postgres'] as const)('mail to the company on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const companyMail = (subject: string) =>
    stack.mailbox?.list(COMPANY).filter((message) => message.subject === subject) ?? [];

  it('a contact message arrives with every field, and is marked sent', async () => {
    const { error } = await clientFor(stack)
      .from('contact_messages')
      .insert({ full_name: 'Ada Contact', email: 'ada.contact@example.org', message: 'Line one\nLine two' });
    expect(error).toBeNull();
    await stack.deliverMail();
    const [mail] = companyMail('Contact message from Ada Contact');
    expect(mail?.to).toBe(COMPANY);
    expect(mail?.text).toContain('E-mail: ada.contact@example.org');
    expect(mail?.text).toContain('Phone: not given');
    expect(mail?.text).toContain('Line one\nLine two');
    const { rows } = await stack.db.query<OutboundRow>(
      `select subject, attempts, sent_at, last_error from private.outbound_mail where subject = $1`,
      ['Contact message from Ada Contact'],
    );
    expect(rows).toEqual([
      {
        subject: 'Contact message from Ada Contact',
        attempts: 1,
        sent_at: expect.anything(),
        last_error: null,
      },
    ]);
  });

  it('a waitlist entry sends one e-mail; the same address again sends none', async () => {
    const anon = clientFor(stack);
    const entry = {
      event_name: 'USA Paranormal Road Trip',
      full_name: 'Wade Waitlist',
      email: 'wade.waitlist@example.org',
      phone: '0491 570 110',
      marketing_consent: true,
    };
    expect((await anon.rpc('join_waitlist', entry)).data).toBe('joined');
    expect((await anon.rpc('join_waitlist', entry)).data).toBe('already');
    await stack.deliverMail();
    const mails = companyMail('Waitlist: Wade Waitlist for USA Paranormal Road Trip');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Phone: 0491 570 110');
    expect(mails[0]?.text).toContain('Trip news by e-mail: yes');
  });

  it('an interest registration sends one e-mail; the same address again sends none', async () => {
    const anon = clientFor(stack);
    const registration = {
      event_name: 'Tasmania Paranormal Getaway',
      full_name: 'Iris Interest',
      email: 'iris@example.org',
      message: 'Is there a single room?',
    };
    expect((await anon.rpc('register_interest', registration)).data).toBe('registered');
    expect((await anon.rpc('register_interest', { ...registration, email: 'Iris@Example.org' })).data).toBe(
      'already',
    );
    await stack.deliverMail();
    const mails = companyMail('Interest: Iris Interest in Tasmania Paranormal Getaway');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.text).toContain('Message: Is there a single room?');
    expect(mail?.text).toContain('Trip news by e-mail: no');
  });

  it('a refused submission queues nothing', async () => {
    const before = await pending();
    const { error } = await clientFor(stack)
      .from('contact_messages')
      .insert({ full_name: 'No Mail', email: 'not-an-address', message: 'x' });
    expect(error?.code).toBe('23514');
    expect(await pending()).toBe(before);
  });

  async function pending(): Promise<number> {
    const { rows } = await stack.db.query<{ n: number }>(
      'select count(*)::int as n from private.outbound_mail',
    );
    return rows[0]?.n ?? -1;
  }
});

describe('when the mail server is down', () => {
  let stack: TestStack;
  let refusing: Server;
  beforeAll(async () => {
    // A port that accepts and drops every connection: the SMTP conversation fails at once.
    refusing = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.address() as { port: number };
    stack = await startTestStack({
      configure: (config) => {
        config.smtpUrl = `smtp://127.0.0.1:${port}`;
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
    await new Promise((resolve) => refusing?.close(resolve));
  });

  it('the message stays queued with the attempt and the error recorded, for a later retry', async () => {
    const { error } = await clientFor(stack)
      .from('contact_messages')
      .insert({ full_name: 'Retry Later', email: 'retry@example.org', message: 'Hello?' });
    expect(error).toBeNull();
    expect(await stack.deliverMail()).toBe(0);
    const { rows } = await stack.db.query<OutboundRow & { later: boolean }>(
      `select subject, attempts, sent_at, last_error, next_attempt_at > now() as later
       from private.outbound_mail where subject = 'Contact message from Retry Later'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 1, sent_at: null, later: true });
    expect(rows[0]?.last_error).toBeTruthy();
    // Not due yet: another round leaves it alone.
    expect(await stack.deliverMail()).toBe(0);
    const again = await stack.db.query<{ attempts: number }>(
      `select attempts from private.outbound_mail where subject = 'Contact message from Retry Later'`,
    );
    expect(again.rows[0]?.attempts).toBe(1);
  });
});
