import {
  createClient,
  type RealtimeChannel,
  type SupabaseClient,
  type SupabaseClientOptions,
} from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { TestStack } from '../start-test-stack.ts';

/** Every wait in these tests gives up after this long, so a missing message fails instead of hanging. */
export const WAIT_MS = 8_000;

export interface ChangePayload {
  eventType: string;
  schema: string;
  table: string;
  commit_timestamp: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  errors: unknown;
}

// ws's constructor takes more argument shapes than realtime-js's declared one; it is what the docs suggest.
type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/** A supabase-js client as the browser builds it; Node 20 has no global WebSocket, so ws is the transport. */
export function clientFor(stack: TestStack, key = stack.anonKey, vsn?: '1.0.0' | '2.0.0'): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as Transport, ...(vsn ? { vsn } : {}) },
  });
}

/** A client signed in as one of the seed accounts, its realtime connection using the member's token. */
export async function signedIn(stack: TestStack, email: string): Promise<SupabaseClient> {
  const client = clientFor(stack);
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'password123' });
  if (error) throw error;
  await client.realtime.setAuth(data.session.access_token);
  return client;
}

export async function within<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Subscribes and resolves once the server confirmed; rejects on CHANNEL_ERROR or time-out. */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return within(
    new Promise<RealtimeChannel>((resolve, reject) => {
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve(channel);
        else if (status !== 'CLOSED') reject(error ?? new Error(status));
      });
    }),
    'SUBSCRIBED',
  );
}

/** Collects the changes a channel receives; `next(predicate)` waits (bounded) for a matching one. */
export class Inbox {
  readonly received: ChangePayload[] = [];
  private waiters: {
    test: (payload: ChangePayload) => boolean;
    resolve: (payload: ChangePayload) => void;
  }[] = [];

  readonly push = (payload: ChangePayload): void => {
    this.received.push(payload);
    for (const waiter of this.waiters.filter((candidate) => candidate.test(payload))) waiter.resolve(payload);
    this.waiters = this.waiters.filter((candidate) => !candidate.test(payload));
  };

  next(test: (payload: ChangePayload) => boolean, what = 'a change'): Promise<ChangePayload> {
    const seen = this.received.find(test);
    if (seen) return Promise.resolve(seen);
    return within(new Promise((resolve) => this.waiters.push({ test, resolve })), what);
  }
}

/** A channel listening to every change of public.comments (optionally filtered), subscribed. */
export async function watchComments(
  client: SupabaseClient,
  name: string,
  filter?: string,
): Promise<{ channel: RealtimeChannel; inbox: Inbox }> {
  const inbox = new Inbox();
  const channel = client
    .channel(name)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'comments', ...(filter ? { filter } : {}) },
      (payload) => inbox.push(payload as unknown as ChangePayload),
    );
  await subscribed(channel);
  return { channel, inbox };
}

export const contentIs =
  (content: string) =>
  (payload: ChangePayload): boolean =>
    payload.new.content === content;

/** Public events of the seed, and the accounts. */
export const EVENT_ONE = 'e0000000-0000-4000-8000-000000000001';
export const EVENT_TWO = 'e0000000-0000-4000-8000-000000000002';
export const MEMBER_ID = 'a0000000-0000-4000-8000-000000000002';
export const OTHER_MEMBER_ID = 'a0000000-0000-4000-8000-000000000004';
