import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { clientFor, decodeJwt, rawAuth } from './helpers.ts';

async function signIn(stack: TestStack, email = 'priya@example.com') {
  const { data, error } = await clientFor(stack).auth.signInWithPassword({ email, password: 'password123' });
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session;
}

describe('auth sessions: refresh rotation and sign-out', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('rotates the refresh token: the old one is revoked and the new one names it as parent', async () => {
    const session = await signIn(stack);
    const supabase = clientFor(stack);
    const { data, error } = await supabase.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    const next = data.session;
    expect(next?.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(next?.access_token ?? '').session_id).toBe(decodeJwt(session.access_token).session_id);
    const rows = await stack.db.query<{ token: string; revoked: boolean; parent: string | null }>(
      'select token, revoked, parent from auth.refresh_tokens where token = any($1::text[]) order by id',
      [[session.refresh_token, next?.refresh_token]],
    );
    expect(rows.rows).toEqual([
      { token: session.refresh_token, revoked: true, parent: null },
      { token: next?.refresh_token, revoked: false, parent: session.refresh_token },
    ]);
  });

  it('answers a reused token within the reuse interval with the current child', async () => {
    const session = await signIn(stack);
    const first = await rawAuth(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    const second = await rawAuth(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect((second.body as { refresh_token: string }).refresh_token).toBe(
      (first.body as { refresh_token: string }).refresh_token,
    );
  });

  it('treats reuse after the interval as theft: refresh_token_already_used and the session ends', async () => {
    const interval = stack.config.auth.refreshTokenReuseInterval;
    stack.config.auth.refreshTokenReuseInterval = 0;
    try {
      const session = await signIn(stack);
      const { data } = await clientFor(stack).auth.refreshSession({ refresh_token: session.refresh_token });
      const child = data.session;
      const { error } = await clientFor(stack).auth.refreshSession({ refresh_token: session.refresh_token });
      expect(error).toMatchObject({
        status: 400,
        code: 'refresh_token_already_used',
        message: 'Invalid Refresh Token: Already Used',
      });
      const childRefresh = await rawAuth(stack, '/token?grant_type=refresh_token', {
        body: { refresh_token: child?.refresh_token },
      });
      expect(childRefresh.status).toBe(400);
      expect((childRefresh.body as { code: string }).code).toBe('refresh_token_not_found');
      const user = await rawAuth(stack, '/user', { token: child?.access_token ?? '' });
      expect(user.status).toBe(403);
      expect(user.body).toEqual({
        code: 'session_not_found',
        message: 'Session from session_id claim in JWT does not exist',
      });
    } finally {
      stack.config.auth.refreshTokenReuseInterval = interval;
    }
  });

  it('answers an unknown refresh token with refresh_token_not_found', async () => {
    const { error } = await clientFor(stack).auth.refreshSession({ refresh_token: 'nosuchtoken1' });
    expect(error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });

  it('signs out globally: every session of the user ends, other users keep theirs', async () => {
    const laptop = await signIn(stack, 'tom@example.com');
    const phone = await signIn(stack, 'tom@example.com');
    const someoneElse = await signIn(stack, 'priya@example.com');
    const supabase = clientFor(stack);
    await supabase.auth.setSession({ access_token: phone.access_token, refresh_token: phone.refresh_token });
    const signOut = await rawAuth(stack, '/logout?scope=global', {
      method: 'POST',
      token: phone.access_token,
    });
    expect(signOut.status).toBe(204);

    const { data, error } = await supabase.auth.getUser(laptop.access_token);
    expect(data.user).toBeNull();
    expect(error?.name).toBe('AuthSessionMissingError');
    expect(error?.message).toBe('Auth session missing!');
    const refresh = await rawAuth(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: laptop.refresh_token },
    });
    expect(refresh.status).toBe(400);
    const other = await supabase.auth.getUser(someoneElse.access_token);
    expect(other.data.user?.email).toBe('priya@example.com');
  });

  it('signs out locally with supabase-js: only this session ends', async () => {
    const kept = await signIn(stack, 'tom@example.com');
    const ended = await signIn(stack, 'tom@example.com');
    const supabase = clientFor(stack);
    await supabase.auth.setSession({ access_token: ended.access_token, refresh_token: ended.refresh_token });
    expect((await supabase.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await rawAuth(stack, '/user', { token: ended.access_token })).status).toBe(403);
    expect((await rawAuth(stack, '/user', { token: kept.access_token })).status).toBe(200);
  });

  it('answers 401 no_authorization without a token and 403 bad_jwt for a forged or anon token', async () => {
    const missing = await rawAuth(stack, '/user');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
    const session = await signIn(stack);
    const forged = `${session.access_token.slice(0, -4)}AAAA`;
    const bad = await rawAuth(stack, '/user', { token: forged });
    expect(bad.status).toBe(403);
    expect((bad.body as { code: string }).code).toBe('bad_jwt');
    const anon = await rawAuth(stack, '/user', { token: stack.anonKey });
    expect(anon.status).toBe(403);
    expect(anon.body).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
  });
});
