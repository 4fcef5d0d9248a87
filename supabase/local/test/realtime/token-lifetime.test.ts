import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/jwt.ts';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import {
  EVENT_ONE,
  Inbox,
  MEMBER_ID,
  type ChangePayload,
  clientFor,
  contentIs,
  subscribed,
  watchComments,
  within,
} from './helpers.ts';

interface SystemMessage {
  extension: string;
  status: string;
  message: string;
  channel: string;
}

/** A comments channel that also keeps the `system` messages it receives and notices when it closes. */
function watchWithSystem(client: SupabaseClient, name: string) {
  const inbox = new Inbox();
  const system: SystemMessage[] = [];
  let closedNow: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (closedNow = resolve));
  const channel: RealtimeChannel = client
    .channel(name)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'comments' }, (payload) =>
      inbox.push(payload as unknown as ChangePayload),
    )
    .on('system', {}, (payload: SystemMessage) => system.push(payload));
  const joined = within(
    new Promise<void>((resolve, reject) => {
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status === 'CLOSED') closedNow();
        else reject(error ?? new Error(status));
      });
    }),
    'SUBSCRIBED',
  );
  return { channel, inbox, system, joined, closed };
}

function joinError(channel: RealtimeChannel): Promise<string> {
  return within(
    new Promise<string>((resolve) => {
      channel.subscribe((status, error) => resolve(error ? error.message : status));
    }),
    'the answer to a join',
  );
}

describe.each(['pglite', 'postgres'] as const)('realtime token lifetime on %s', (database) => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ database });
  });

  afterAll(async () => {
    await stack?.close();
  });

  const nowSeconds = (): number => Math.floor(Date.now() / 1000);
  /** An anon token; `exp` only when given (signJwt adds none by itself). */
  const anonToken = (exp?: number): Promise<string> =>
    signJwt({ role: 'anon', ...(exp === undefined ? {} : { exp }) }, stack.config.jwtSecret);

  async function comment(content: string): Promise<void> {
    await stack.db.query(`insert into public.comments (event_id, user_id, content) values ($1, $2, $3)`, [
      EVENT_ONE,
      MEMBER_ID,
      content,
    ]);
  }

  const listen = (client: SupabaseClient, name: string): RealtimeChannel =>
    client
      .channel(name)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'comments' }, () => undefined);

  it('refuses a join whose token has no exp, or has expired, with hosted’s reasons', async () => {
    const client = clientFor(stack);
    await client.realtime.setAuth(await anonToken());
    expect(await joinError(listen(client, 'no-exp'))).toBe(
      'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
    );
    await client.realtime.setAuth(await anonToken(nowSeconds() - 30));
    expect(await joinError(listen(client, 'expired'))).toMatch(
      /^InvalidJWTToken: Token has expired \d+ seconds ago$/,
    );
    await client.removeAllChannels();
  });

  it('closes the channel when its token expires, and delivers nothing after', async () => {
    const client = clientFor(stack);
    await client.realtime.setAuth(await anonToken(nowSeconds() + 4));
    const short = watchWithSystem(client, 'short-lived');
    await short.joined;
    await comment('while the token lives');
    await short.inbox.next(contentIs('while the token lives'));

    await within(short.closed, 'the channel to close at expiry');
    expect(short.system.at(-1)).toMatchObject({
      extension: 'system',
      status: 'error',
      channel: 'short-lived',
    });
    expect(short.system.at(-1)?.message).toMatch(/^Token has expired \d+ seconds ago$/);

    // A change after expiry reaches a channel with a valid token, and not the closed one.
    const other = await watchComments(clientFor(stack), 'long-lived');
    await comment('after expiry');
    await other.inbox.next(contentIs('after expiry'));
    expect(short.inbox.received.map((payload) => payload.new.content)).toEqual(['while the token lives']);
    await client.removeAllChannels();
  });

  it('closes the channel on an access_token push without exp', async () => {
    const client = clientFor(stack);
    await client.realtime.setAuth(await anonToken(nowSeconds() + 3600));
    const watched = watchWithSystem(client, 'push-no-exp');
    await watched.joined;
    await client.realtime.setAuth(await anonToken());
    await within(watched.closed, 'the channel to close');
    expect(watched.system.at(-1)).toEqual({
      extension: 'system',
      status: 'error',
      message: 'Fields `role` and `exp` are required in JWT',
      channel: 'push-no-exp',
    });
    await client.removeAllChannels();
  });

  it('keeps a channel open past the first token’s expiry once a fresh token is pushed', async () => {
    const client = clientFor(stack);
    await client.realtime.setAuth(await anonToken(nowSeconds() + 3));
    const watched = watchWithSystem(client, 'refreshed');
    await watched.joined;
    await client.realtime.setAuth(await anonToken(nowSeconds() + 3600));
    // Wait until the first token has expired (not a timing assertion: the check is on what arrives).
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await comment('after the first token expired');
    await watched.inbox.next(contentIs('after the first token expired'));
    expect(watched.system.filter((message) => message.status === 'error')).toEqual([]);
    await client.removeAllChannels();
  });

  it('still subscribes with a token that has exp', async () => {
    const client = clientFor(stack);
    await client.realtime.setAuth(await anonToken(nowSeconds() + 3600));
    await subscribed(listen(client, 'fine'));
    await client.removeAllChannels();
  });
});
