import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { useStackWithSmtpSink } from './smtp-sink.ts';

// A queued message with an HTML part (private.outbound_mail.html_body, 20261128100003) goes out with both
// parts: the local mailbox keeps the text and the HTML, and over SMTP it is multipart/alternative.

async function queue(stack: TestStack, recipient: string, html: string | null): Promise<void> {
  await stack.db.query(
    `insert into private.outbound_mail (recipient, subject, body, html_body) values ($1, 'Rich news', $2, $3)`,
    [recipient, 'Plain words.', html],
  );
}

describe('the local mailbox', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('keeps both parts of a message with HTML, and a text-only message as text', async () => {
    await queue(stack, 'both@example.org', '<p><strong>Rich</strong> words.</p>');
    await queue(stack, 'text@example.org', null);
    await stack.deliverMail();
    const [both] = stack.mailbox?.list('both@example.org') ?? [];
    expect(both).toMatchObject({ text: 'Plain words.', html: '<p><strong>Rich</strong> words.</p>' });
    const [text] = stack.mailbox?.list('text@example.org') ?? [];
    expect(text).toMatchObject({ text: 'Plain words.', html: null });
  });
});

describe('over SMTP', () => {
  const smtp = useStackWithSmtpSink();

  it('sends multipart/alternative with a text part and an HTML part', async () => {
    await queue(smtp.stack(), 'smtp@example.org', '<p><em>Rich</em> words.</p>');
    expect(await smtp.stack().deliverMail()).toBe(1);
    const message = smtp.messages.find((raw) => raw.includes('smtp@example.org')) ?? '';
    expect(message).toMatch(/Content-Type: multipart\/alternative/i);
    expect(message).toMatch(/Content-Type: text\/plain[\s\S]*Plain words\./i);
    expect(message).toMatch(/Content-Type: text\/html[\s\S]*<em>Rich<\/em> words\./i);
  });
});
