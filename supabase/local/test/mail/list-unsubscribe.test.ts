import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { useStackWithSmtpSink } from './smtp-sink.ts';

// Marketing mail's one-click target (private.outbound_mail.list_unsubscribe, 20261128500001) goes out as the
// RFC 2369 / RFC 8058 headers: in the local mailbox (read through Mailpit's API) and over SMTP. Mail without
// a target carries neither header.

const TARGET = `https://api.example.test/functions/v1/unsubscribe-one-click?token=${'b'.repeat(64)}`;

async function queue(stack: TestStack, recipient: string, target: string | null): Promise<void> {
  await stack.db.query(
    `insert into private.outbound_mail (recipient, subject, body, list_unsubscribe) values ($1, 'Trip news', 'Hi.', $2)`,
    [recipient, target],
  );
}

async function mailpit<T>(stack: TestStack, path: string): Promise<T> {
  const response = await fetch(`${stack.mailUrl}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('the local mailbox', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("shows the headers through Mailpit's message and headers endpoints", async () => {
    await queue(stack, 'news@example.org', TARGET);
    await queue(stack, 'plain@example.org', null);
    await stack.deliverMail();
    const [news] = stack.mailbox?.list('news@example.org') ?? [];
    const [plain] = stack.mailbox?.list('plain@example.org') ?? [];

    const headers = await mailpit<Record<string, string[]>>(stack, `/api/v1/message/${news!.id}/headers`);
    expect(headers['List-Unsubscribe']).toEqual([`<${TARGET}>`]);
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    expect(headers.To).toEqual(['news@example.org']);
    const message = await mailpit<{ ListUnsubscribe: unknown }>(stack, `/api/v1/message/${news!.id}`);
    expect(message.ListUnsubscribe).toEqual({
      Header: `<${TARGET}>`,
      Links: [TARGET],
      Errors: '',
      HeaderPost: 'List-Unsubscribe=One-Click',
    });

    const plainHeaders = await mailpit<Record<string, string[]>>(
      stack,
      `/api/v1/message/${plain!.id}/headers`,
    );
    expect(plainHeaders).not.toHaveProperty('List-Unsubscribe');
    expect(plainHeaders).not.toHaveProperty('List-Unsubscribe-Post');
  });

  it('answers 404 for the headers of a message it does not have', async () => {
    const response = await fetch(`${stack.mailUrl}/api/v1/message/nope/headers`);
    expect(response.status).toBe(404);
  });
});

describe('over SMTP', () => {
  const smtp = useStackWithSmtpSink();

  it('sends List-Unsubscribe and List-Unsubscribe-Post with marketing mail only', async () => {
    await queue(smtp.stack(), 'smtp-news@example.org', TARGET);
    await queue(smtp.stack(), 'smtp-plain@example.org', null);
    expect(await smtp.stack().deliverMail()).toBe(2);
    const news = smtp.messages.find((raw) => raw.includes('smtp-news@example.org')) ?? '';
    // Folded or not, the header names the target in angle brackets.
    expect(news.replace(/\r?\n[ \t]+/g, ' ')).toMatch(
      /^List-Unsubscribe: <https:\/\/api\.example\.test\/functions\/v1\/unsubscribe-one-click\?token=b{64}>\r?$/m,
    );
    expect(news).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const plain = smtp.messages.find((raw) => raw.includes('smtp-plain@example.org')) ?? '';
    expect(plain).not.toMatch(/^List-Unsubscribe/im);
  });
});
