import type { RateLimits } from '../config.ts';
import type { StackContext } from '../context.ts';
import { AuthError } from './errors.ts';
import { RateLimiter } from './rate-limit.ts';

// One limiter per running stack (its config object), so test stacks never share counts.
const limiters = new WeakMap<object, RateLimiter>();

type Bucket = keyof Pick<RateLimits, 'signInSignUps' | 'tokenRefresh' | 'tokenVerifications'>;

/** 429 over_request_rate_limit once `key` used up its bucket for the window (limits from config.toml). */
export function enforceRateLimit(ctx: StackContext, bucket: Bucket, key: string): void {
  let limiter = limiters.get(ctx.config);
  if (!limiter) {
    limiter = new RateLimiter();
    limiters.set(ctx.config, limiter);
  }
  const limits = ctx.config.auth.rateLimits;
  if (!limiter.allow(`${bucket}:${key}`, limits[bucket], limits.windowSeconds)) {
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}
