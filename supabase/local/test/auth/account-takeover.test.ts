import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { clientFor, confirmedMember, followLink, latestLink, mailTo, rawAuth } from './helpers.ts';

const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

async function signedIn(stack: TestStack, email: string, password: string) {
  const supabase = clientFor(stack);
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { supabase, session: data.session };
}

describe.each(['pglite', 'postgres'] as const)('account takeover paths on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('a stolen access token cannot move the account: both addresses must confirm, the old one is told', async () => {
    const victim = 'victim-move@example.org';
    const { accessToken } = await confirmedMember(stack, victim);
    // The attacker holds only the victim's access token.
    const moved = await rawAuth(stack, '/user', {
      method: 'PUT',
      token: accessToken,
      body: { email: 'attacker-inbox@example.org' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ email: victim, new_email: 'attacker-inbox@example.org' });

    // The old address is asked too, with its own link and code.
    const [toOld] = await mailTo(stack, victim);
    expect(toOld?.subject).toBe('Confirm your new Haunted Horizons e-mail address');
    expect(toOld?.text).toContain('attacker-inbox@example.org');

    // The attacker follows the link sent to their own inbox: nothing changes yet, and no session.
    const first = await followLink(await latestLink(stack, 'attacker-inbox@example.org'));
    expect(first.status).toBe(303);
    expect(first.params.get('message')).toBe(SINGLE_CONFIRMATION);
    expect(first.params.get('access_token')).toBeNull();
    const { rows } = await stack.db.query<{ email: string }>(
      `select email from auth.users where email_change = 'attacker-inbox@example.org'`,
    );
    expect(rows).toEqual([{ email: victim }]);
    const attacker = await clientFor(stack).auth.signInWithPassword({
      email: 'attacker-inbox@example.org',
      password: 'correct-horse-7',
    });
    expect(attacker.error?.code).toBe('invalid_credentials');

    // Only the owner's own confirmation completes it, and the old address hears of it.
    const second = await followLink(await latestLink(stack, victim));
    expect(second.params.get('type')).toBe('email_change');
    const { data } = await clientFor(stack).auth.getUser(second.params.get('access_token') ?? '');
    expect(data.user?.email).toBe('attacker-inbox@example.org');
    const [notice] = await mailTo(stack, victim);
    expect(notice?.subject).toBe('Your Haunted Horizons e-mail address was changed');
    expect(notice?.text).toContain(victim);
    expect(notice?.text).toContain('attacker-inbox@example.org');
  });

  it('answers a single confirmation by code as GoTrue does: {msg, code}, no session', async () => {
    const { accessToken } = await confirmedMember(stack, 'coder@example.org');
    await rawAuth(stack, '/user', {
      method: 'PUT',
      token: accessToken,
      body: { email: 'coded@example.org' },
    });
    const code = /\b(\d{6})\b/.exec((await mailTo(stack, 'coded@example.org'))[0]?.text ?? '')?.[1];
    const answer = await rawAuth(stack, '/verify', {
      body: { type: 'email_change', email: 'coded@example.org', token: code },
    });
    expect(answer).toMatchObject({ status: 200, body: { msg: SINGLE_CONFIRMATION, code: '200' } });
  });

  it('a new password ends every other session and voids links mailed before it, and says so', async () => {
    const email = 'two-devices@example.org';
    await confirmedMember(stack, email, 'first-password-1');
    const thief = await signedIn(stack, email, 'first-password-1');
    await clientFor(stack).auth.resetPasswordForEmail(email);
    const oldResetLink = await latestLink(stack, email);
    const owner = await signedIn(stack, email, 'first-password-1');

    expect((await owner.supabase.auth.updateUser({ password: 'second-password-2' })).error).toBeNull();

    // The other session is gone: its access token and its refresh token no longer work.
    const user = await rawAuth(stack, '/user', { token: thief.session.access_token });
    expect(user).toMatchObject({ status: 403, body: { code: 'session_not_found' } });
    const refreshed = await clientFor(stack).auth.refreshSession({
      refresh_token: thief.session.refresh_token,
    });
    expect(refreshed.error?.code).toMatch(/^(refresh_token_not_found|session_not_found)$/);
    // The reset link mailed before the change is void.
    expect((await followLink(oldResetLink)).params.get('error_code')).toBe('otp_expired');
    // The session that changed it stays, and the owner is told.
    expect((await owner.supabase.auth.getUser()).error).toBeNull();
    const [notice] = await mailTo(stack, email);
    expect(notice?.subject).toBe('Your Haunted Horizons password is set');
  });

  it('a password reset through the link also ends the sessions that were open', async () => {
    const email = 'reset-all@example.org';
    await confirmedMember(stack, email, 'first-password-1');
    const thief = await signedIn(stack, email, 'first-password-1');
    await clientFor(stack).auth.resetPasswordForEmail(email);
    const { params } = await followLink(await latestLink(stack, email));
    const reset = await rawAuth(stack, '/user', {
      method: 'PUT',
      token: params.get('access_token') ?? '',
      body: { password: 'after-reset-3' },
    });
    expect(reset.status).toBe(200);
    const refreshed = await clientFor(stack).auth.refreshSession({
      refresh_token: thief.session.refresh_token,
    });
    expect(refreshed.error).not.toBeNull();
  });

  it('sends redirects outside GoTrue’s rules to the site URL (other scheme, other host)', async () => {
    for (const redirect of [
      'https://localhost:4321/dashboard',
      'javascript://localhost:4321/%0a1',
      'http://localhost.evil.test/',
    ]) {
      await new Promise((resolve) => setTimeout(resolve, 1100)); // max_frequency is 1 s per address
      const answer = await rawAuth(stack, `/recover?redirect_to=${encodeURIComponent(redirect)}`, {
        body: { email: 'tom@example.com' },
      });
      expect(answer.status).toBe(200);
      const link = new URL(await latestLink(stack, 'tom@example.com'));
      expect(link.searchParams.get('redirect_to')).toBe('http://localhost:4321');
    }
  });

  it('a pre-registered address: the confirming owner never inherits the squatter’s password', async () => {
    const victim = 'not-yet-member@example.org';
    // The attacker signs up first with the victim's address and a password of their own.
    await clientFor(stack).auth.signUp({ email: victim, password: 'squatter-pass-1' });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // max_frequency is 1 s per address
    // The owner registers later: GoTrue changes nothing on an unconfirmed account, and mails a new link.
    const again = await clientFor(stack).auth.signUp({ email: victim, password: 'owners-choice-2' });
    expect(again.error).toBeNull();
    const { params } = await followLink(await latestLink(stack, victim));
    const ownerToken = params.get('access_token') ?? '';
    expect(ownerToken).not.toBe('');

    const squatter = await clientFor(stack).auth.signInWithPassword({
      email: victim,
      password: 'squatter-pass-1',
    });
    expect(squatter.error).toMatchObject({ status: 400, code: 'invalid_credentials' });

    // The site asks the signed-in owner to choose a password, then it works.
    const owner = clientFor(stack);
    await owner.auth.setSession({
      access_token: ownerToken,
      refresh_token: params.get('refresh_token') ?? '',
    });
    expect(await owner.rpc('account_needs_password')).toMatchObject({ data: true, error: null });
    expect((await owner.auth.updateUser({ password: 'owners-choice-2' })).error).toBeNull();
    expect(await owner.rpc('account_needs_password')).toMatchObject({ data: false, error: null });
    const signIn = await clientFor(stack).auth.signInWithPassword({
      email: victim,
      password: 'owners-choice-2',
    });
    expect(signIn.error).toBeNull();
    // Nobody else can ask about anyone's password.
    expect((await clientFor(stack).rpc('account_needs_password')).error).not.toBeNull();
  });

  it('keeps the password of an account created confirmed (the sample accounts, admin-created staff)', async () => {
    await signedIn(stack, 'member@example.com', 'password123');
    const admin = clientFor(stack, stack.serviceRoleKey).auth.admin;
    const created = await admin.createUser({
      email: 'staffer@example.org',
      password: 'staff-password-3',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    await signedIn(stack, 'staffer@example.org', 'staff-password-3');
  });
});
