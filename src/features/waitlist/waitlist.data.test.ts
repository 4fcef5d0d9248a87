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
import { joinWaitlist, type WaitlistEntry } from './waitlist.data';

// joinWaitlist() against the real local stack with real supabase-js, as a visitor's browser calls it.

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

const entry = (email: string, more: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  eventName: 'USA Paranormal Road Trip',
  fullName: '  Grace Hopper ',
  email,
  phone: '  ',
  notes: '',
  marketingConsent: false,
  ...more,
});

async function rowsFor(email: string) {
  const { rows } = await stack.db.query(
    `select full_name, phone, notes, marketing_consent, marketing_consent_at is not null as consent_stamped
     from public.waitlist_submissions where lower(email) = lower($1)`,
    [email],
  );
  return rows;
}

describe('joinWaitlist', () => {
  it('joins once, trimmed, with empty phone and notes saved as null', async () => {
    expect(await joinWaitlist(entry('grace@example.org'), anon)).toBe('joined');
    expect(await rowsFor('grace@example.org')).toEqual([
      {
        full_name: 'Grace Hopper',
        phone: null,
        notes: null,
        marketing_consent: false,
        consent_stamped: false,
      },
    ]);
  });

  it('answers already for the same address in another letter case, and saves nothing more', async () => {
    expect(await joinWaitlist(entry('twice@example.org'), anon)).toBe('joined');
    expect(await joinWaitlist(entry('TWICE@example.org'), anon)).toBe('already');
    expect(await rowsFor('twice@example.org')).toHaveLength(1);
  });

  it('keeps the ticked consent box with its time', async () => {
    expect(
      await joinWaitlist(
        entry('news@example.org', { phone: '0491 570 110', notes: 'Aisle seat', marketingConsent: true }),
        anon,
      ),
    ).toBe('joined');
    expect(await rowsFor('news@example.org')).toEqual([
      {
        full_name: 'Grace Hopper',
        phone: '0491 570 110',
        notes: 'Aisle seat',
        marketing_consent: true,
        consent_stamped: true,
      },
    ]);
  });

  it('reports an error when the database refuses the entry or supabase-js cannot load', async () => {
    expect(await joinWaitlist(entry('not-an-address'), anon)).toBe('error');
    expect(await joinWaitlist(entry('offline@example.org'), () => Promise.reject(new Error('offline')))).toBe(
      'error',
    );
    expect(await rowsFor('offline@example.org')).toEqual([]);
  });

  it('says too many once one client has asked about known addresses too often', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i += 1) outcomes.push(await joinWaitlist(entry('twice@example.org'), anon));
    // The earlier test used one 'already' of the hour's ten.
    expect(outcomes.slice(0, 9)).toEqual(Array.from({ length: 9 }, () => 'already'));
    expect(outcomes.slice(9)).toEqual(['too-many', 'too-many', 'too-many']);
  });

  it("answers 'too-many' past the hourly limit on enquiries from one address, whatever the forms", async () => {
    await stack.db.query('delete from private.enquiry_attempts');
    await setEnquiriesPerHour(stack.db, 1);
    try {
      expect(await joinWaitlist(entry('limit-one@example.org'), anon)).toBe('joined');
      expect(await joinWaitlist(entry('limit-two@example.org'), anon)).toBe('too-many');
      const { rows } = await stack.db.query(
        `select 1 from public.waitlist_submissions where email = 'limit-two@example.org'`,
      );
      expect(rows).toEqual([]);
    } finally {
      await setEnquiriesPerHour(stack.db, TEST_ENQUIRIES_PER_HOUR);
    }
  });
});
