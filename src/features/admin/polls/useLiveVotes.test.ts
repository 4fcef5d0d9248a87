import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeClient } from '../../../lib/supabase/realtime';
import { GATHER_MS, startLiveVotes } from './useLiveVotes';

/** A Realtime client that records the channel's binding and lets the test play the server. */
function fakeRealtime() {
  const state = {
    binding: undefined as unknown,
    onChange: undefined as (() => void) | undefined,
    onStatus: undefined as ((status: string) => void) | undefined,
    removed: 0,
  };
  const channel = {
    on(_type: string, binding: unknown, callback: () => void) {
      state.binding = binding;
      state.onChange = callback;
      return channel;
    },
    subscribe(callback: (status: string) => void) {
      state.onStatus = callback;
      return channel;
    },
  };
  const client = {
    channel: () => channel,
    removeChannel: async () => {
      state.removed += 1;
      return 'ok';
    },
  } as unknown as RealtimeClient;
  return { state, client: async () => client };
}

describe('live poll results', () => {
  const key = ['admin', 'polls', 'list'];
  let queryClient: QueryClient;
  let invalidate: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient();
    invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  });
  afterEach(() => vi.useRealTimers());

  it('listens to every change of poll_vote_signals and reads the list again once per burst of votes', async () => {
    const realtime = fakeRealtime();
    await startLiveVotes(queryClient, key, realtime.client);
    expect(realtime.state.binding).toEqual({ event: '*', schema: 'public', table: 'poll_vote_signals' });
    for (let vote = 0; vote < 3; vote += 1) realtime.state.onChange?.();
    vi.advanceTimersByTime(GATHER_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: key });
  });

  it('reads again on every join (the first, and a rejoin after the socket dropped)', async () => {
    const realtime = fakeRealtime();
    await startLiveVotes(queryClient, key, realtime.client);
    realtime.state.onStatus?.('SUBSCRIBED');
    vi.advanceTimersByTime(GATHER_MS);
    realtime.state.onStatus?.('CHANNEL_ERROR');
    realtime.state.onStatus?.('SUBSCRIBED');
    vi.advanceTimersByTime(GATHER_MS);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('stops: the channel goes and a pending read is dropped', async () => {
    const realtime = fakeRealtime();
    const stop = await startLiveVotes(queryClient, key, realtime.client);
    realtime.state.onChange?.();
    stop();
    vi.advanceTimersByTime(GATHER_MS);
    expect(invalidate).not.toHaveBeenCalled();
    expect(realtime.state.removed).toBe(1);
  });
});
