import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { clientFor, latestLink, mailTo, rawAuth } from './helpers.ts';

// The e-mails come from the files config.toml names, so a hosted project sends the same ones.
describe('auth e-mails from the template files config.toml names', () => {
  let stack: TestStack;
  const dir = mkdtempSync(path.join(tmpdir(), 'auth-templates-'));
  const file = path.join(dir, 'confirmation.html');
  writeFileSync(
    file,
    '<p>Welcome {{ .Data.full_name }} at {{ .Email }} from {{ .SiteURL }}</p>' +
      '<p><a href="{{ .ConfirmationURL }}">Join</a> or type {{ .Token }} (hash {{ .TokenHash }}, then {{ .RedirectTo }})</p>',
  );
  beforeAll(async () => {
    stack = await startTestStack({
      toml: {
        auth: {
          email: {
            template: {
              confirmation: { subject: 'Hello {{ .Email }}', content_path: file },
              recovery: { content_path: path.join(dir, 'missing.html') },
            },
          },
        },
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('renders the named file with GoTrue’s fields', async () => {
    await clientFor(stack).auth.signUp({
      email: 'templated@example.org',
      password: 'templated-pass-1',
      options: { data: { full_name: 'Tess <T>' }, emailRedirectTo: 'http://localhost:4321/dashboard' },
    });
    const [mail] = await mailTo(stack, 'templated@example.org');
    const link = new URL(await latestLink(stack, 'templated@example.org'));
    const token = link.searchParams.get('token') ?? '';
    expect(mail?.subject).toBe('Hello templated@example.org');
    expect(mail?.html).toContain(
      'Welcome Tess &lt;T&gt; at templated@example.org from http://localhost:4321</p>',
    );
    expect(mail?.html).toContain(`hash ${token}, then http://localhost:4321/dashboard`);
    expect(mail?.text).toMatch(/or type \d{6} \(hash/);
  });

  it('answers GoTrue’s 500 when a named file is missing, and sends nothing', async () => {
    const answer = await rawAuth(stack, '/recover', { body: { email: 'tom@example.com' } });
    expect(answer).toMatchObject({
      status: 500,
      body: { code: 'unexpected_failure', message: 'Error sending recovery email' },
    });
    expect(await mailTo(stack, 'tom@example.com')).toEqual([]);
  });
});
