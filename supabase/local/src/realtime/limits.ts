/** How much one client may ask of Realtime; the defaults are hosted Realtime's tenant defaults. */
export interface RealtimeLimits {
  /** Channels one socket may have joined at once (hosted `max_channels_per_client`). */
  maxChannelsPerClient: number;
  /** Joins per second over the whole stack, averaged as hosted does (`max_joins_per_second`). */
  maxJoinsPerSecond: number;
  /** How often the join rate is measured; hosted ticks every 5 s and averages the last 12 ticks. */
  joinRateTickMs: number;
  /** postgres_changes entries one join may carry (local bound; see decision 0009). */
  maxBindingsPerChannel: number;
  /** Largest WebSocket message read (hosted `max_frame_size`). */
  maxFrameBytes: number;
}

export const HOSTED_LIMITS: RealtimeLimits = {
  maxChannelsPerClient: 100,
  maxJoinsPerSecond: 100,
  joinRateTickMs: 5_000,
  maxBindingsPerChannel: 100,
  maxFrameBytes: 5_000_000,
};

const BUCKETS = 12;

/**
 * Hosted Realtime's join rate: joins are counted per tick, and at each tick the average per second over the
 * last 12 ticks is compared with the limit. Above it, joins are refused until a later tick is below it again.
 */
export class JoinRate {
  private count = 0;
  private buckets: number[] = [];
  private timer: NodeJS.Timeout;
  triggered = false;

  constructor(
    private readonly maxPerSecond: number,
    private readonly tickMs: number,
  ) {
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref();
  }

  /** Counts a join; false when the limit is triggered and the join must be refused. */
  take(): boolean {
    if (this.triggered) return false;
    this.count++;
    return true;
  }

  private tick(): void {
    this.buckets = [this.count, ...this.buckets].slice(0, BUCKETS);
    this.count = 0;
    const average = this.buckets.reduce((sum, n) => sum + n, 0) / this.buckets.length / (this.tickMs / 1000);
    this.triggered = average > this.maxPerSecond;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
