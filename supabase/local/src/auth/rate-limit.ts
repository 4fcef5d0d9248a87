/** Requests counted per key over a sliding window; a key is refused once it reaches its limit. */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Records one request and reports whether it is within `limit` per `windowSeconds`. */
  allow(key: string, limit: number, windowSeconds: number): boolean {
    const now = this.now();
    const since = now - windowSeconds * 1000;
    const recent = (this.hits.get(key) ?? []).filter((time) => time > since);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(since);
    return true;
  }

  // Keeps memory bounded when many addresses pass through.
  private prune(since: number): void {
    for (const [key, times] of this.hits) {
      if (!times.some((time) => time > since)) this.hits.delete(key);
    }
  }
}
