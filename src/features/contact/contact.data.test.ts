import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  setEnquiriesPerHour,
  startTestStack,
  TEST_ENQUIRIES_PER_HOUR,
  type TestStack,
} from '../../../supabase/local/test/start-test-stack';
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
    expect(sent).toBe('sent');
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
    ).toBe('error');
    const { rows } = await stack.db.query(
      `select 1 from public.contact_messages where email = 'refused@example.org'`,
    );
    expect(rows).toEqual([]);
  });

  it("answers 'too-many' past the hourly limit, with HTTP 429 and the database's words, saving nothing", async () => {
    await stack.db.query('delete from private.enquiry_attempts');
    await setEnquiriesPerHour(stack.db, 1);
    try {
      const message = (email: string) => ({ name: 'Flood Bot', email, phone: '', message: 'Hello' });
      expect(await sendContactMessage(message('one@example.org'), anon)).toBe('sent');
      expect(await sendContactMessage(message('two@example.org'), anon)).toBe('too-many');
      // What supabase-js hands the island: PostgREST's 429 with the SQL error's message and hint.
      const raw = createClient<Database>(stack.url, stack.anonKey, { auth: { persistSession: false } });
      const refused = await raw
        .from('contact_messages')
        .insert({ full_name: 'Flood Bot', email: 'three@example.org', message: 'Hello' });
      expect(refused.status).toBe(429);
      expect(refused.error).toMatchObject({
        code: 'PT429',
        message: 'Too many messages from this address: at most 1 an hour',
        hint: 'Try again in an hour.',
      });
      const { rows } = await stack.db.query(
        `select email from public.contact_messages where email in ('two@example.org', 'three@example.org')`,
      );
      expect(rows).toEqual([]);
    } finally {
      await setEnquiriesPerHour(stack.db, TEST_ENQUIRIES_PER_HOUR);
    }
  });
});
