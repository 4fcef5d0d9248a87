import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../context.ts';
import { clientAddress } from '../http.ts';
import { AuthError } from './errors.ts';
import { RateLimiter } from './rate-limit.ts';

// One limiter per running stack (its config object), so test stacks never share counts.
const limiters = new WeakMap<object, RateLimiter>();

function limiterFor(ctx: StackContext): RateLimiter {
  let limiter = limiters.get(ctx.config);
  if (!limiter) {
    limiter = new RateLimiter();
    limiters.set(ctx.config, limiter);
  }
  return limiter;
}

/**
 * GoTrue's limited endpoints, each counted on its own, and the [auth.rate_limit] setting that sizes it:
 * sign_in_sign_ups (GoTrue's RATE_LIMIT_OTP) for sign-up, password sign-in, recover, resend and PUT /user;
 * token_refresh for every /token request; token_verifications for /verify.
 */
const BUCKETS = {
  signup: 'signInSignUps',
  signIn: 'signInSignUps',
  recover: 'signInSignUps',
  resend: 'signInSignUps',
  userUpdate: 'signInSignUps',
  token: 'tokenRefresh',
  verify: 'tokenVerifications',
} as const;

export type LimitedEndpoint = keyof typeof BUCKETS;

/**
 * 429 over_request_rate_limit once this client used up the endpoint's allowance for 5 minutes. A client is
 * the connection's remote address, as GoTrue counts per IP: never the e-mail address, so nobody can lock
 * an owner out by naming their address. Locally every request comes from 127.0.0.1, so the whole machine
 * is one client, as with `supabase start`; tests raise the limits in their config.
 */
export function enforceRateLimit(ctx: StackContext, endpoint: LimitedEndpoint, req: IncomingMessage): void {
  const limits = ctx.config.auth.rateLimits;
  const key = `${endpoint}:${clientAddress(req).replace(/^::ffff:/, '')}`;
  if (!limiterFor(ctx).allow(key, limits[BUCKETS[endpoint]], limits.windowSeconds)) {
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}

/** [auth.rate_limit] email_sent: auth e-mails per hour for the whole project, as GoTrue counts them. */
export function enforceEmailSendLimit(ctx: StackContext): void {
  if (!limiterFor(ctx).allow('email_sent', ctx.config.auth.rateLimits.emailSent, 3600)) {
    throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
  }
}
