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
import { registerInterest, type InterestRegistration } from './interest.data';

// registerInterest() against the real local stack with real supabase-js, as a visitor's browser calls it.

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

const registration = (email: string, more: Partial<InterestRegistration> = {}): InterestRegistration => ({
  eventName: 'Tasmania Paranormal Getaway',
  name: ' Mary Bryant ',
  email,
  phone: '',
  message: '',
  marketingConsent: false,
  ...more,
});

async function rowsFor(email: string) {
  const { rows } = await stack.db.query(
    `select event_name, full_name, phone, message, marketing_consent
     from public.interest_registrations where email = $1`,
    [email],
  );
  return rows;
}

describe('registerInterest', () => {
  it('saves the registration, trimmed, with empty optional fields as null', async () => {
    expect(await registerInterest(registration('mary@example.org'), anon)).toBe('registered');
    expect(await rowsFor('mary@example.org')).toEqual([
      {
        event_name: 'Tasmania Paranormal Getaway',
        full_name: 'Mary Bryant',
        phone: null,
        message: null,
        marketing_consent: false,
      },
    ]);
  });

  it('keeps the message and the ticked consent box', async () => {
    const saved = await registerInterest(
      registration('ticked@example.org', { message: 'Single room?', marketingConsent: true }),
      anon,
    );
    expect(saved).toBe('registered');
    expect(await rowsFor('ticked@example.org')).toMatchObject([
      { message: 'Single room?', marketing_consent: true },
    ]);
  });

  it("answers 'already' for the same trip and address in another letter case, saving and e-mailing nothing more", async () => {
    expect(await registerInterest(registration('twice@example.org', { message: 'First' }), anon)).toBe(
      'registered',
    );
    expect(await registerInterest(registration('TWICE@Example.org', { message: 'Second' }), anon)).toBe(
      'already',
    );
    const { rows } = await stack.db.query(
      `select message from public.interest_registrations where lower(email) = 'twice@example.org'`,
    );
    expect(rows).toEqual([{ message: 'First' }]);
    const mail = await stack.db.query(
      `select subject from private.outbound_mail where lower(reply_to) = 'twice@example.org'`,
    );
    expect(mail.rows).toEqual([{ subject: 'Interest: Mary Bryant in Tasmania Paranormal Getaway' }]);
    // Another trip is another registration.
    expect(
      await registerInterest(
        registration('twice@example.org', { eventName: 'USA Paranormal Road Trip' }),
        anon,
      ),
    ).toBe('registered');
  });

  it("says too many once one client has been told 'already' too often (HTTP 429)", async () => {
    await stack.db.query('delete from private.waitlist_probes');
    const outcomes: string[] = [];
    for (let i = 0; i < 11; i += 1)
      outcomes.push(await registerInterest(registration('twice@example.org'), anon));
    expect(outcomes).toEqual([...Array<string>(10).fill('already'), 'too-many']);
    await stack.db.query('delete from private.waitlist_probes');
  });

  it('says it failed when the database refuses the values, and nothing is saved', async () => {
    expect(await registerInterest(registration('bad@example.org', { phone: 'call me' }), anon)).toBe('error');
    expect(await rowsFor('bad@example.org')).toEqual([]);
  });

  it("answers 'too-many' past the hourly limit on one address's enquiries (HTTP 429), saving nothing", async () => {
    await stack.db.query('delete from private.enquiry_attempts');
    await setEnquiriesPerHour(stack.db, 1);
    try {
      expect(await registerInterest(registration('first@example.org'), anon)).toBe('registered');
      expect(await registerInterest(registration('second@example.org'), anon)).toBe('too-many');
      expect(await rowsFor('second@example.org')).toEqual([]);
    } finally {
      await setEnquiriesPerHour(stack.db, TEST_ENQUIRIES_PER_HOUR);
    }
  });
});
