import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { clientFor } from './helpers.ts';

// The account RPCs as the site calls them: supabase-js with the member's session, against the whole stack
// (REST, Auth, database), so "can no longer sign in" is checked where sign-in happens.

const PASSWORD = 'correct-horse-7';
/** Seeded (supabase/seed.sql): a published, upcoming event members may comment on. */
const PUBLISHED_EVENT_ID = 'e0000000-0000-4000-8000-000000000001';

describe.each(['pglite', 'postgres'] as const)(
  'account self-service through supabase-js on %s',
  (database) => {
    let stack: TestStack;
    let admin: SupabaseClient;
    let eventId: string;

    beforeAll(async () => {
      stack = await startTestStack({ database });
      admin = clientFor(stack, stack.serviceRoleKey);
      const { data } = await admin.from('events').select('id').limit(1).single();
      eventId = (data as { id: string }).id;
    });
    afterAll(async () => {
      await stack?.close();
    });

    async function member(email: string, fullName: string) {
      const { data, error } = await admin.auth.admin.createUser({
        email,
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { full_name: fullName },
      });
      if (error || !data.user) throw error ?? new Error('no user');
      const client = clientFor(stack);
      const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
      if (signedIn.error) throw signedIn.error;
      return { id: data.user.id, client };
    }

    it("downloads the member's own data, and answers a stranger with nothing of it", async () => {
      const mia = await member(`export-mia-${database}@example.org`, 'Mia Export');
      const oscar = await member(`export-oscar-${database}@example.org`, 'Oscar Export');
      await oscar.client.from('favorites').insert({ user_id: oscar.id, event_id: eventId });
      const { data, error } = await mia.client.rpc('export_my_data');
      expect(error).toBeNull();
      expect(data).toMatchObject({
        account: { id: mia.id, email: `export-mia-${database}@example.org` },
        profile: { id: mia.id, full_name: 'Mia Export' },
        favorites: [],
        bookings: [],
      });
      expect(JSON.stringify(data)).not.toContain(oscar.id);

      const visitor = await clientFor(stack).rpc('export_my_data');
      expect(visitor.error?.code).toBe('42501');
    });

    it("shows another member's public profile to a member only, with three fields, once they have posted", async () => {
      const mia = await member(`profile-mia-${database}@example.org`, 'Mia Profile');
      const oscar = await member(`profile-oscar-${database}@example.org`, 'Oscar Profile');
      // Nobody in the community has seen Oscar yet: his profile is not found (decision 0058).
      const unseen = await mia.client.rpc('member_public_profile', { member_id: oscar.id });
      expect(unseen).toMatchObject({ error: null, data: [] });
      const posted = await oscar.client
        .from('comments')
        .insert({ event_id: PUBLISHED_EVENT_ID, user_id: oscar.id, content: 'Hello from Oscar' });
      expect(posted.error).toBeNull();
      const { data, error } = await mia.client.rpc('member_public_profile', { member_id: oscar.id });
      expect(error).toBeNull();
      expect(data).toEqual([
        {
          id: oscar.id,
          full_name: 'Oscar Profile',
          member_since: expect.any(String),
          membership_tier: 'vip',
        },
      ]);
      const visitor = await clientFor(stack).rpc('member_public_profile', { member_id: oscar.id });
      expect(visitor.error?.code).toBe('42501');
    });

    it('anonymises a member with a booking: sign-in fails, the booking stays without a name behind it', async () => {
      const email = `delete-booked-${database}@example.org`;
      const mia = await member(email, 'Mia Booked');
      const booking = await admin
        .from('bookings')
        .insert({
          event_id: eventId,
          user_id: mia.id,
          invoice_number: `DEL-${database.toUpperCase()}-1`,
          total_cents: 5000,
        })
        .select('id')
        .single();
      expect(booking.error).toBeNull();

      const { data, error } = await mia.client.rpc('delete_my_account');
      expect(error).toBeNull();
      expect(data).toBe('anonymised');

      const again = await clientFor(stack).auth.signInWithPassword({ email, password: PASSWORD });
      expect(again.error?.code).toBe('invalid_credentials');
      // The session it had is gone too: its refresh token no longer works.
      const refreshed = await mia.client.auth.refreshSession();
      expect(refreshed.error).not.toBeNull();

      const kept = await admin
        .from('bookings')
        .select('user_id, profiles(full_name, phone)')
        .eq('id', booking.data!.id)
        .single();
      expect(kept.data).toEqual({ user_id: mia.id, profiles: { full_name: null, phone: null } });
      const { data: user } = await admin.auth.admin.getUserById(mia.id);
      expect(user.user?.email).toBe(`deleted-${mia.id}@account-deleted.invalid`);
    });

    it('deletes a member with nothing to keep: the auth user is gone', async () => {
      const email = `delete-quiet-${database}@example.org`;
      const quinn = await member(email, 'Quinn Quiet');
      const { data, error } = await quinn.client.rpc('delete_my_account');
      expect(error).toBeNull();
      expect(data).toBe('deleted');
      const gone = await admin.auth.admin.getUserById(quinn.id);
      expect(gone.data.user).toBeNull();
      const again = await clientFor(stack).auth.signInWithPassword({ email, password: PASSWORD });
      expect(again.error?.code).toBe('invalid_credentials');
    });
  },
);
