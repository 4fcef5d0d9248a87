import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/mail/links.ts';
import { Mailbox } from '../../src/mail/mailbox.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mailbox-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('Mailbox', () => {
  it('lists newest first, filters by recipient case-insensitively and extracts links', () => {
    const mailbox = new Mailbox('Haunted Trips <no-reply@localhost>', undefined);
    mailbox.add({ to: 'a@example.org', subject: 'first', text: 'Go to https://example.org/one now.' });
    mailbox.add({
      to: 'b@example.org',
      subject: 'second',
      text: 'none',
      html: '<a href="https://x.test/?a=1&amp;b=2">x</a>',
    });
    mailbox.add({ to: 'A@example.org', subject: 'third', text: 'plain' });
    expect(mailbox.list().map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect(mailbox.list('a@EXAMPLE.org').map((m) => m.subject)).toEqual(['third', 'first']);
    expect(mailbox.list('b@example.org')[0]?.links).toEqual(['https://x.test/?a=1&b=2']);
    expect(mailbox.list()[2]).toMatchObject({
      from: 'Haunted Trips <no-reply@localhost>',
      links: ['https://example.org/one'],
    });
  });

  it('keeps messages across a restart when it has a directory, and clears them for good', () => {
    const dir = tempDir();
    const first = new Mailbox('from@localhost', dir);
    const stored = first.add({ to: 'a@example.org', subject: 'kept', text: 'hello' });
    const reopened = new Mailbox('from@localhost', dir);
    expect(reopened.get(stored.id)).toEqual(stored);
    reopened.clear();
    expect(new Mailbox('from@localhost', dir).list()).toEqual([]);
  });
});

describe('extractLinks', () => {
  it('finds each link once, from HTML then text, without trailing punctuation', () => {
    const link = 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup';
    expect(
      extractLinks(
        `Confirm: ${link}\nOr (see https://example.org/help).`,
        `<a href="${link.replace('&', '&amp;')}">Confirm</a>`,
      ),
    ).toEqual([link, 'https://example.org/help']);
  });
});
