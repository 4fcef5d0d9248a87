import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { clientFor, decodeJwt, followLink, latestLink, mailTo, rawAuth } from './helpers.ts';

describe.each(['pglite', 'postgres'] as const)('auth sign-up and sign-in on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('signs up without a session and mails a confirmation link that leads back with a working session', async () => {
    const email = 'new.member@example.org';
    const supabase = clientFor(stack);
    const { data, error } = await supabase.auth.signUp({
      email: 'New.Member@Example.org',
      password: 'correct-horse-7',
      options: { data: { full_name: 'New Member' }, emailRedirectTo: 'http://localhost:4321/dashboard' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'New Member', email, email_verified: false, phone_verified: false },
      is_anonymous: false,
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toHaveLength(1);

    const [mail] = await mailTo(stack, email);
    expect(mail?.subject).toBe('Confirm your Haunted Horizons membership');
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    const link = await latestLink(stack, email);
    expect(link).toMatch(
      new RegExp(
        `^${stack.url}/auth/v1/verify\\?token=[0-9a-f]{56}&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A4321%2Fdashboard$`,
      ),
    );

    const { status, target, params } = await followLink(link);
    expect(status).toBe(303);
    expect(target).toBe('http://localhost:4321/dashboard');
    expect([...params.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'token_type',
      'type',
    ]);
    expect(params.get('expires_in')).toBe('3600');
    expect(params.get('token_type')).toBe('bearer');
    expect(params.get('type')).toBe('signup');

    const { data: session, error: setError } = await supabase.auth.setSession({
      access_token: params.get('access_token') ?? '',
      refresh_token: params.get('refresh_token') ?? '',
    });
    expect(setError).toBeNull();
    expect(session.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(session.user?.user_metadata).toMatchObject({ email_verified: true, full_name: 'New Member' });
    // A session from an e-mailed link records its method as GoTrue does: otp, not password.
    expect(decodeJwt(params.get('access_token') ?? '')).toMatchObject({
      amr: [{ method: 'otp', timestamp: expect.any(Number) }],
    });

    const profile = await stack.db.query<{ full_name: string }>(
      'select full_name from public.profiles where id = $1',
      [session.user?.id],
    );
    expect(profile.rows).toEqual([{ full_name: 'New Member' }]);

    // The link works once.
    const again = await followLink(link);
    expect(again.status).toBe(303);
    expect(Object.fromEntries(again.params)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  });

  it('sends an unknown redirect_to to the site URL instead', async () => {
    const email = 'redirect.check@example.org';
    await clientFor(stack).auth.signUp({
      email,
      password: 'correct-horse-7',
      options: { emailRedirectTo: 'https://evil.example.net/steal' },
    });
    const { target } = await followLink(await latestLink(stack, email));
    expect(target).toBe('http://localhost:4321');
  });

  it('signs in with a password and issues the access token GoTrue issues', async () => {
    const supabase = clientFor(stack);
    const { data, error } = await supabase.auth.signInWithPassword({
      email: 'member@example.com',
      password: 'password123',
    });
    expect(error).toBeNull();
    const session = data.session;
    expect(session).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token: expect.any(String),
    });
    expect(session?.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(session?.user.last_sign_in_at).toEqual(expect.any(String));
    const claims = decodeJwt(session?.access_token ?? '');
    expect(Object.keys(claims).sort()).toEqual(
      [
        'aal',
        'amr',
        'app_metadata',
        'aud',
        'email',
        'exp',
        'iat',
        'is_anonymous',
        'iss',
        'phone',
        'role',
        'session_id',
        'sub',
        'user_metadata',
      ].sort(),
    );
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      sub: 'a0000000-0000-4000-8000-000000000002',
      aud: 'authenticated',
      role: 'authenticated',
      email: 'member@example.com',
      phone: '',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      is_anonymous: false,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  it('answers invalid_credentials alike for an unknown address and a wrong password', async () => {
    const supabase = clientFor(stack);
    for (const credentials of [
      { email: 'nobody@example.org', password: 'password123' },
      { email: 'member@example.com', password: 'wrong-password' },
    ]) {
      const { data, error } = await supabase.auth.signInWithPassword(credentials);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({
        name: 'AuthApiError',
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('refuses an unconfirmed address with email_not_confirmed', async () => {
    const supabase = clientFor(stack);
    await supabase.auth.signUp({ email: 'pending@example.org', password: 'correct-horse-7' });
    const { error } = await supabase.auth.signInWithPassword({
      email: 'pending@example.org',
      password: 'correct-horse-7',
    });
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  it('refuses 123456 with GoTrue’s weak_password and every reason (8 characters, letters and digits)', async () => {
    const { error } = await clientFor(stack).auth.signUp({ email: 'weak@example.org', password: '123456' });
    expect(error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      message:
        'Password should be at least 8 characters. Password should contain at least one character of each: ' +
        'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
      reasons: ['length', 'characters'],
    });
    const lettersOnly = await clientFor(stack).auth.signUp({
      email: 'weak@example.org',
      password: 'passwordpassword',
    });
    expect(lettersOnly.error).toMatchObject({ code: 'weak_password', reasons: ['characters'] });
    expect(await mailTo(stack, 'weak@example.org')).toEqual([]);
    // The same rule guards a new password.
    const supabase = clientFor(stack);
    await supabase.auth.signInWithPassword({ email: 'tom@example.com', password: 'password123' });
    expect((await supabase.auth.updateUser({ password: '1234567' })).error).toMatchObject({
      status: 422,
      code: 'weak_password',
    });
  });

  it('refuses a malformed address with validation_failed', async () => {
    const { error } = await clientFor(stack).auth.signUp({
      email: 'not-an-address',
      password: 'correct-horse-7',
    });
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });

  it('answers a sign-up for a confirmed address with a look-alike user and sends nothing', async () => {
    const before = await mailTo(stack, 'member@example.com');
    const { data, error } = await clientFor(stack).auth.signUp({
      email: 'member@example.com',
      password: 'another-password-9',
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.id).not.toBe('a0000000-0000-4000-8000-000000000002');
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.email).toBe('member@example.com');
    expect(await mailTo(stack, 'member@example.com')).toEqual(before);
    const users = await stack.db.query("select 1 from auth.users where email = 'member@example.com'");
    expect(users.rows).toHaveLength(1);
  });

  it('answers errors in the versioned shape with x-sb-error-code, and in the older shape without a version', async () => {
    const body = { email: 'nobody@example.org', password: 'password123' };
    const versioned = await rawAuth(stack, '/token?grant_type=password', { body });
    expect(versioned.status).toBe(400);
    expect(versioned.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(versioned.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');

    const legacy = await rawAuth(stack, '/token?grant_type=password', { body, version: false });
    expect(legacy.body).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('answers bad JSON with 400 bad_json, never a 500', async () => {
    const response = await fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: '{"email": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_json' });
  });

  it('refuses NUL characters in a body before they reach the database, never a 500', async () => {
    const signup = await rawAuth(stack, '/signup', {
      body: { email: 'nul@example.com', password: 'correct-horse-7', data: { full_name: 'a\u0000b' } },
    });
    expect(signup).toMatchObject({ status: 400, body: { code: 'bad_json' } });
    const refresh = await rawAuth(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: '\u0000' },
    });
    expect(refresh).toMatchObject({ status: 400, body: { code: 'bad_json' } });
    const users = await stack.db.query("select 1 from auth.users where email = 'nul@example.com'");
    expect(users.rows).toHaveLength(0);
  });

  it('answers odd verify links as GoTrue does: no prototype keys, no NUL, no control characters', async () => {
    const proto = await rawAuth(stack, '/verify?token=abc&type=__proto__');
    expect(proto).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    const nul = await followLink(`${stack.url}/auth/v1/verify?token=%00&type=signup`);
    expect(nul).toMatchObject({ status: 303, target: stack.config.auth.siteUrl });
    expect(nul.params.get('error_code')).toBe('otp_expired');
    const injected = await followLink(
      `${stack.url}/auth/v1/verify?token=abc&type=signup&redirect_to=${encodeURIComponent('http://localhost:4321/\r\nx: 1')}`,
    );
    expect(injected).toMatchObject({ status: 303, target: stack.config.auth.siteUrl });
  });
});
