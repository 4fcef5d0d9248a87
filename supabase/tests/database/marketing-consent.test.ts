import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/test/start-test-stack.ts';
import { clientFor } from '../../local/test/auth/helpers.ts';

// The Spam Act consent (migration 20261124100001_marketing_consent.sql) through supabase-js: sign-up copies
// the box, the database stamps its time, a member changes only their own, and an unsubscribe link's token
// clears it everywhere for its address.

interface Consent {
  marketing_consent: boolean;
  marketing_consent_at: string | null;
}

describe.each(['pglite', 'postgres'] as const)('marketing consent on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const admin = () => clientFor(stack, stack.serviceRoleKey);

  async function member(email: string, metadata: Record<string, unknown>) {
    const { data, error } = await admin().auth.admin.createUser({
      email,
      password: 'password123',
      email_confirm: true,
      user_metadata: { full_name: 'Consent Member', ...metadata },
    });
    if (error || !data.user) throw new Error(error?.message);
    const client = clientFor(stack);
    const signIn = await client.auth.signInWithPassword({ email, password: 'password123' });
    if (signIn.error) throw new Error(signIn.error.message);
    return { id: data.user.id, client };
  }

  async function profileConsent(id: string): Promise<Consent> {
    const { rows } = await stack.db.query<Consent>(
      'select marketing_consent, marketing_consent_at from public.profiles where id = $1',
      [id],
    );
    if (!rows[0]) throw new Error('no profile');
    return rows[0];
  }

  it('sign-up copies only a JSON true, and stamps its time', async () => {
    const yes = await member('consent-yes@example.org', { marketing_consent: true });
    const text = await member('consent-text@example.org', { marketing_consent: 'true' });
    const none = await member('consent-none@example.org', {});
    expect(await profileConsent(yes.id)).toEqual({
      marketing_consent: true,
      marketing_consent_at: expect.anything(),
    });
    expect(await profileConsent(text.id)).toEqual({ marketing_consent: false, marketing_consent_at: null });
    expect(await profileConsent(none.id)).toEqual({ marketing_consent: false, marketing_consent_at: null });
  });

  it('a member changes their own consent; the time is the database’s, and no one else’s row moves', async () => {
    const me = await member('consent-me@example.org', {});
    const other = await member('consent-other@example.org', { marketing_consent: true });
    const given = await me.client.from('profiles').update({ marketing_consent: true }).eq('id', me.id);
    expect(given.error).toBeNull();
    const after = await profileConsent(me.id);
    expect(after.marketing_consent).toBe(true);
    expect(after.marketing_consent_at).not.toBeNull();

    const backdate = await me.client
      .from('profiles')
      .update({ marketing_consent_at: '2000-01-01T00:00:00Z' })
      .eq('id', me.id);
    expect(backdate.error?.code).toBe('42501');

    const otherBefore = await profileConsent(other.id);
    const meddle = await me.client.from('profiles').update({ marketing_consent: false }).eq('id', other.id);
    expect(meddle.error).toBeNull();
    expect(await profileConsent(other.id)).toEqual(otherBefore);
  });

  it('an unsubscribe token clears consent on the profile, waitlist entries and interest registrations', async () => {
    const address = 'unsub-me@example.org';
    const me = await member(address, { marketing_consent: true });
    const anon = clientFor(stack);
    const joined = await anon.rpc('join_waitlist', {
      event_name: 'USA Paranormal Road Trip',
      full_name: 'Consent Member',
      email: 'Unsub-Me@example.org',
      marketing_consent: true,
    });
    expect(joined.data).toBe('joined');
    const interest = await anon.rpc('register_interest', {
      event_name: 'Tasmania Paranormal Getaway',
      full_name: 'Consent Member',
      email: address,
      marketing_consent: true,
    });
    expect(interest.data).toBe('registered');

    // Only the service role (a marketing sender) may build the link; visitors may not.
    expect((await anon.rpc('unsubscribe_url', { address })).error?.code).toBe('42501');
    const built = await admin().rpc('unsubscribe_url', { address: address.toUpperCase() });
    expect(built.error).toBeNull();
    const url = new URL(String(built.data));
    expect(url.origin + url.pathname).toBe('http://localhost:4321/unsubscribe');
    const token = url.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    expect((await anon.rpc('unsubscribe', { token })).data).toBe('unsubscribed');
    expect((await profileConsent(me.id)).marketing_consent).toBe(false);
    const left = await stack.db.query<{ n: number }>(
      `select (select count(*) from public.waitlist_submissions where lower(email) = $1 and marketing_consent)
            + (select count(*) from public.interest_registrations where lower(email) = $1 and marketing_consent)
            as n`,
      [address],
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
    // The link still answers the same the second time; the same address keeps the same token.
    expect((await anon.rpc('unsubscribe', { token })).data).toBe('unsubscribed');
    expect((await admin().rpc('unsubscribe_url', { address })).data).toBe(url.href);
  });

  it('an unknown or malformed token changes nothing and names no one', async () => {
    const anon = clientFor(stack);
    expect((await anon.rpc('unsubscribe', { token: 'f'.repeat(64) })).data).toBe('invalid');
    expect((await anon.rpc('unsubscribe', { token: "' or 1=1 --" })).data).toBe('invalid');
    expect((await anon.rpc('unsubscribe', { token: '' })).data).toBe('invalid');
  });
});
