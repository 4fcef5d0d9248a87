import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { clientFor, latestLink, mailTo } from './helpers.ts';

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
          email: { template: { confirmation: { subject: 'Hello {{ .Email }}', content_path: file } } },
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

  it('uses the repository’s own files for the types it does not override', async () => {
    await clientFor(stack).auth.resetPasswordForEmail('tom@example.com');
    const [mail] = await mailTo(stack, 'tom@example.com');
    expect(mail?.subject).toBe('Reset your Haunted Horizons password');
    expect(mail?.text).toContain('The Haunted Horizons team');
  });
});
