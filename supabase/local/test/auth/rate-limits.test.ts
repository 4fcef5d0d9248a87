import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { clientFrom, mailTo } from './helpers.ts';

// Limits count per client (the connection's address), as hosted GoTrue counts per IP. Two loopback
// addresses stand for two people: the attacker on 127.0.0.2, the account's owner on 127.0.0.3.
const ATTACKER = '127.0.0.2';
const OWNER = '127.0.0.3';

describe('auth rate limits per client, from config.toml [auth.rate_limit]', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      toml: { auth: { rate_limit: { sign_in_sign_ups: 5, token_refresh: 8, email_sent: 3 } } },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('stops password spraying across many addresses, and never locks the owner out', async () => {
    const attacker = clientFrom(stack, ATTACKER);
    const codes: (string | undefined)[] = [];
    // One guess per address, as a sprayer does; the owner's address is among them.
    for (const email of [
      'member@example.com',
      'tom@example.com',
      'a@x.test',
      'b@x.test',
      'c@x.test',
      'admin@example.com',
    ]) {
      const { error } = await attacker.auth.signInWithPassword({ email, password: 'not-their-password1' });
      codes.push(error?.code);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('invalid_credentials'));
    expect(codes[5]).toBe('over_request_rate_limit');
    const blocked = await attacker.auth.signInWithPassword({
      email: 'admin@example.com',
      password: 'password123',
    });
    expect(blocked.error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    // The owner, on another client, signs in although their address was just guessed at.
    const owner = await clientFrom(stack, OWNER).auth.signInWithPassword({
      email: 'member@example.com',
      password: 'password123',
    });
    expect(owner.error).toBeNull();
  });

  it('sends at most email_sent auth e-mails an hour, then answers 429 over_email_send_rate_limit', async () => {
    const client = clientFrom(stack, '127.0.0.5');
    const members = ['tom@example.com', 'priya@example.com', 'member@example.com', 'admin@example.com'];
    const codes: (string | undefined)[] = [];
    for (const email of members) codes.push((await client.auth.resetPasswordForEmail(email)).error?.code);
    expect(codes).toEqual([undefined, undefined, undefined, 'over_email_send_rate_limit']);
    expect(await mailTo(stack, 'admin@example.com')).toEqual([]);
  });

  it('limits sign-ups per client with sign_in_sign_ups', async () => {
    const client = clientFrom(stack, '127.0.0.4');
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { error } = await client.auth.signUp({ email: `bulk${i}@x.test`, password: 'bulk-password-1' });
      codes.push(error?.code);
    }
    // The e-mail allowance is spent above, so the first five fail on it; the sixth meets the request limit.
    expect(codes.slice(0, 5)).not.toContain('over_request_rate_limit');
    expect(codes[5]).toBe('over_request_rate_limit');
  });

  it('counts every /token request against token_refresh', async () => {
    const client = clientFrom(stack, '127.0.0.6');
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 9; i += 1) {
      const { error } = await client.auth.refreshSession({ refresh_token: `not-a-token-${i}` });
      codes.push(error?.code);
    }
    expect(codes.slice(0, 8)).toEqual(Array(8).fill('refresh_token_not_found'));
    expect(codes[8]).toBe('over_request_rate_limit');
  });
});
