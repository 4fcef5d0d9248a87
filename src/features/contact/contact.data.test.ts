import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../../../supabase/local/test/start-test-stack';
import { loaderOf, type LoadClient } from '../../lib/supabase/data';
import type { Database } from '../../lib/supabase/database.types';
import { sendContactMessage } from './contact.data';

// sendContactMessage() against the real local stack with real supabase-js; the company's e-mail follows.

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let anon: LoadClient;

beforeAll(async () => {
  stack = await startTestStack();
  const client = createClient<Database>(stack.url, stack.anonKey, { auth: { persistSession: false } });
  anon = loaderOf(client);
});
afterAll(async () => {
  await stack?.close();
});

describe('sendContactMessage', () => {
  it('saves the message trimmed, phone null when empty, and the company is e-mailed', async () => {
    const sent = await sendContactMessage(
      { name: ' Ada Lovelace ', email: 'ada.contact@example.org', phone: '', message: '  Hello there\n' },
      anon,
    );
    expect(sent).toBe(true);
    const { rows } = await stack.db.query(
      `select full_name, phone, message from public.contact_messages where email = 'ada.contact@example.org'`,
    );
    expect(rows).toEqual([{ full_name: 'Ada Lovelace', phone: null, message: 'Hello there' }]);
    await stack.deliverMail();
    const mail = stack.mailbox
      ?.list('hello@hauntedhorizons.com.au')
      .find((m) => m.text.includes('Hello there'));
    expect(mail?.subject).toBe('Contact message from Ada Lovelace');
  });

  it('says it failed when the database refuses the message, and nothing is saved', async () => {
    expect(
      await sendContactMessage({ name: 'Ada', email: 'refused@example.org', phone: '', message: ' ' }, anon),
    ).toBe(false);
    const { rows } = await stack.db.query(
      `select 1 from public.contact_messages where email = 'refused@example.org'`,
    );
    expect(rows).toEqual([]);
  });
});
