import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database, Queryable } from '../../src/db/types.ts';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { EVENT_ONE, MEMBER_ID, clientFor, contentIs, subscribed, watchComments, within } from './helpers.ts';

/** The stack's database, counting the transactions that judge a change (only they read column privileges). */
class JudgeCounter implements Database {
  judged = 0;
  listen?: NonNullable<Database['listen']>;

  constructor(private readonly inner: Database) {
    if (inner.listen) this.listen = inner.listen.bind(inner);
  }

  get kind() {
    return this.inner.kind;
  }

  query: Database['query'] = (sql, params) => this.inner.query(sql, params);
  exec: Database['exec'] = (sql) => this.inner.exec(sql);
  close: Database['close'] = () => this.inner.close();

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.inner.transaction((tx) =>
      fn({
        query: (sql, params) => {
          if (sql.includes('has_column_privilege')) this.judged++;
          return tx.query(sql, params);
        },
        exec: (sql) => tx.exec(sql),
      }),
    );
  }
}

function joinResult(channel: ReturnType<SupabaseClient['channel']>): Promise<string> {
  return within(
    new Promise<string>((resolve) => {
      channel.subscribe((status, error) => resolve(error ? `${status} ${error.message}` : status));
    }),
    'the answer to a join',
  );
}

describe.each(['pglite', 'postgres'] as const)('realtime limits on %s', (database) => {
  describe('with hosted Realtime’s defaults', () => {
    let stack: TestStack;
    let counter: JudgeCounter | undefined;

    beforeAll(async () => {
      stack = await startTestStack({ database, wrapDatabase: (db) => (counter = new JudgeCounter(db)) });
    });

    afterAll(async () => {
      await stack?.close();
    });

    it('refuses the 101st channel of one socket, and every channel still gets a change', async () => {
      const client = clientFor(stack);
      const joined = await Promise.all(
        Array.from({ length: 100 }, (_, i) => watchComments(client, `room-${i}`)),
      );
      const extra = client
        .channel('room-100')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'comments' }, () => undefined);
      expect(await joinResult(extra)).toBe('CHANNEL_ERROR ChannelRateLimitReached: Too many channels');

      if (!counter) throw new Error('the stack did not use the counting database');
      counter.judged = 0;
      await stack.db.query(
        `insert into public.comments (event_id, user_id, content) values ($1, $2, 'to a hundred channels')`,
        [EVENT_ONE, MEMBER_ID],
      );
      for (const { inbox } of joined) await inbox.next(contentIs('to a hundred channels'));
      // The 100 channels share their claims: the change was judged once, not once per channel.
      expect(counter.judged).toBe(1);

      // Leaving a channel frees its place.
      await client.removeChannel(joined[0]?.channel as ReturnType<SupabaseClient['channel']>);
      const again = client
        .channel('room-again')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'comments' }, () => undefined);
      await subscribed(again);
      await client.removeAllChannels();
    });

    it('refuses a join with more than 100 postgres_changes, or an in filter with over 100 values', async () => {
      const client = clientFor(stack);
      let crowded = client.channel('crowded');
      for (let i = 0; i < 101; i++) {
        crowded = crowded.on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'comments', filter: `content=eq.${i}` },
          () => undefined,
        );
      }
      expect(await joinResult(crowded)).toBe(
        'CHANNEL_ERROR Too many postgres_changes in one join. Maximum 100',
      );
      const values = Array.from({ length: 101 }, (_, i) => i).join(',');
      const longIn = client
        .channel('long-in')
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'comments', filter: `content=in.(${values})` },
          () => undefined,
        );
      expect(await joinResult(longIn)).toBe('CHANNEL_ERROR too many values for `in` filter. Maximum 100');
      await client.removeAllChannels();
    });
  });

  describe('over the join rate', () => {
    let stack: TestStack;

    beforeAll(async () => {
      // A low rate and a short tick, so that the test need not make hundreds of joins.
      stack = await startTestStack({
        database,
        configure: (config) => (config.realtimeLimits = { maxJoinsPerSecond: 2, joinRateTickMs: 200 }),
      });
    });

    afterAll(async () => {
      await stack?.close();
    });

    it('refuses joins with hosted’s reason and disconnects the socket', async () => {
      const ws = new WebSocket(
        `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`,
      );
      ws.on('error', () => undefined);
      const replies: unknown[][] = [];
      ws.on('message', (data: Buffer) => replies.push(JSON.parse(data.toString()) as unknown[]));
      const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
      await within(new Promise((resolve) => ws.once('open', resolve)), 'the socket to open');
      const refused = (): unknown[] | undefined =>
        replies.find(
          (reply) => reply[3] === 'phx_reply' && (reply[4] as { status: string }).status === 'error',
        );
      // About ten joins a second: well over the limit of two, so the measured rate soon trips it.
      for (let i = 0; ws.readyState === WebSocket.OPEN && !refused() && i < 100; i++) {
        ws.send(JSON.stringify([String(i), String(i), `realtime:r${i % 5}`, 'phx_join', { config: {} }]));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(refused()?.[4]).toEqual({
        status: 'error',
        response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
      });
      await within(closed, 'the disconnect');
    });
  });
});
