import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { clientFor, confirmedMember, followLink, latestLink, mailTo, rawAuth } from './helpers.ts';

describe('auth account: user, recovery, resend, settings, admin', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('gets and updates the user: metadata merges, the same password is refused', async () => {
    const supabase = clientFor(stack);
    await supabase.auth.signInWithPassword({ email: 'priya@example.com', password: 'password123' });
    const { data: got } = await supabase.auth.getUser();
    expect(got.user?.email).toBe('priya@example.com');

    const { data, error } = await supabase.auth.updateUser({ data: { nickname: 'P' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Priya Nair', nickname: 'P' });

    const same = await supabase.auth.updateUser({ password: 'password123' });
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    const taken = await supabase.auth.updateUser({ email: 'tom@example.com' });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });

    expect((await supabase.auth.updateUser({ password: 'a-new-password-2' })).error).toBeNull();
    const again = await clientFor(stack).auth.signInWithPassword({
      email: 'priya@example.com',
      password: 'a-new-password-2',
    });
    expect(again.error).toBeNull();
  });

  it('changes the address only once the links sent to both addresses are followed', async () => {
    const { accessToken, refreshToken } = await confirmedMember(stack, 'mover@example.org');
    const supabase = clientFor(stack);
    await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
    const { data } = await supabase.auth.updateUser({ email: 'moved@example.org' });
    expect(data.user).toMatchObject({ email: 'mover@example.org', new_email: 'moved@example.org' });
    await followLink(await latestLink(stack, 'mover@example.org'));
    const { params } = await followLink(await latestLink(stack, 'moved@example.org'));
    expect(params.get('type')).toBe('email_change');
    const { data: after } = await supabase.auth.getUser(params.get('access_token') ?? '');
    expect(after.user?.email).toBe('moved@example.org');
  });

  it('recovers a password: 200 {} for anyone, a link for members, PASSWORD_RECOVERY on verify', async () => {
    const supabase = clientFor(stack);
    expect(await supabase.auth.resetPasswordForEmail('nobody@example.org')).toEqual({
      data: {},
      error: null,
    });
    expect(await mailTo(stack, 'nobody@example.org')).toEqual([]);

    await supabase.auth.resetPasswordForEmail('tom@example.com', {
      redirectTo: 'http://localhost:4321/reset',
    });
    const [mail] = await mailTo(stack, 'tom@example.com');
    expect(mail?.subject).toBe('Reset your Haunted Horizons password');
    const link = new URL(mail?.links[0] ?? '');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:4321/reset');

    const events: string[] = [];
    supabase.auth.onAuthStateChange((event) => events.push(event));
    const { data, error } = await supabase.auth.verifyOtp({
      type: 'recovery',
      token_hash: link.searchParams.get('token') ?? '',
    });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe('tom@example.com');
    expect(events).toContain('PASSWORD_RECOVERY');
    const reused = await clientFor(stack).auth.verifyOtp({
      type: 'recovery',
      token_hash: link.searchParams.get('token') ?? '',
    });
    expect(reused.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  it('resends the sign-up confirmation, and confirms with the six-digit code too', async () => {
    const supabase = clientFor(stack);
    await supabase.auth.signUp({ email: 'resend@example.org', password: 'correct-horse-7' });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // max_frequency is 1 s
    expect(await supabase.auth.resend({ type: 'signup', email: 'resend@example.org' })).toMatchObject({
      error: null,
    });
    const mails = await mailTo(stack, 'resend@example.org');
    expect(mails).toHaveLength(2);
    const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    const { data, error } = await supabase.auth.verifyOtp({
      type: 'email',
      email: 'resend@example.org',
      token: code,
    });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toEqual(expect.any(String));
  });

  it('limits confirmation e-mails to one per max_frequency', async () => {
    const supabase = clientFor(stack);
    await supabase.auth.signUp({ email: 'eager@example.org', password: 'correct-horse-7' });
    const { error } = await supabase.auth.signUp({ email: 'eager@example.org', password: 'correct-horse-7' });
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
  });

  it('describes its settings', async () => {
    const { status, body } = await rawAuth(stack, '/settings');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      external: { email: true, phone: false, google: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
    });
  });

  it('lets the service role manage users, and nobody else', async () => {
    const admin = clientFor(stack, stack.serviceRoleKey).auth.admin;
    const created = await admin.createUser({
      email: 'staff@example.org',
      password: 'staff-password-3',
      email_confirm: true,
      user_metadata: { full_name: 'Staff Member' },
    });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({
      email: 'staff@example.org',
      email_confirmed_at: expect.any(String),
    });
    const id = created.data.user?.id ?? '';
    const signIn = await clientFor(stack).auth.signInWithPassword({
      email: 'staff@example.org',
      password: 'staff-password-3',
    });
    expect(signIn.error).toBeNull();

    const duplicate = await admin.createUser({ email: 'staff@example.org', password: 'staff-password-3' });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });

    const page = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page.data.users).toHaveLength(2);
    expect(page.data).toMatchObject({ nextPage: 2, total: expect.any(Number) });

    expect((await admin.getUserById(id)).data.user?.email).toBe('staff@example.org');
    const updated = await admin.updateUserById(id, { user_metadata: { full_name: 'Renamed' } });
    expect(updated.data.user?.user_metadata).toMatchObject({ full_name: 'Renamed' });
    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });

    const asAnon = await clientFor(stack).auth.admin.listUsers();
    expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
  });
});
