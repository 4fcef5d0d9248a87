import type { WebSocket } from 'ws';
import type { JwtClaims } from '../jwt.ts';
import { BindingError, describeBinding, parseBindings, type Binding } from './bindings.ts';
import type { JoinRate, RealtimeLimits } from './limits.ts';
import { decodeFrame, encodeFrame, type Frame, type Vsn } from './protocol.ts';
import { expiredMessage, realtimeClaims, TokenError } from './token.ts';

/** A joined channel: whose claims it reads with and what it listens for. */
export interface Subscription {
  topic: string;
  joinRef: string | null;
  claims: JwtClaims;
  token: string;
  bindings: Binding[];
  /** Fires when the token may have expired (hosted re-checks at expiry, at most every 5 minutes). */
  expiryTimer?: NodeJS.Timeout;
  /** Sends one postgres_changes message whose payload is already JSON text. */
  deliver(payloadJson: string): void;
}

export interface ConnectionOptions {
  vsn: Vsn;
  apikey: string;
  jwtSecret: string;
  limits: RealtimeLimits;
  /** Shared by every connection: hosted counts joins per tenant. */
  joinRate: JoinRate;
  /** Called before a join, so new publication tables get their capture trigger first. */
  beforeJoin: () => Promise<void>;
}

const TOKEN_CHECK_MAX_MS = 5 * 60_000;

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The channel name hosted puts in system messages: the topic without its `realtime:` prefix. */
const channelOf = (topic: string): string => topic.replace(/^realtime:/, '');

/** One WebSocket client speaking the Phoenix channel protocol, as realtime-js does. */
export class RealtimeConnection {
  readonly subscriptions = new Map<string, Subscription>();
  // Frames are handled one after another, so an access_token push never overtakes its join.
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: WebSocket,
    private readonly options: ConnectionOptions,
  ) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const frame = decodeFrame(data.toString(), options.vsn);
      if (!frame) return;
      this.queue = this.queue
        .then(() => this.handle(frame))
        .catch((error: unknown) => console.error('[realtime]', reason(error)));
    });
  }

  /** Forgets every channel (the socket closed). */
  close(): void {
    for (const subscription of this.subscriptions.values()) clearTimeout(subscription.expiryTimer);
    this.subscriptions.clear();
  }

  send(frame: Omit<Frame, 'payload'>, payloadJson: string): void {
    if (this.socket.readyState === this.socket.OPEN)
      this.socket.send(encodeFrame(this.options.vsn, frame, payloadJson));
  }

  private reply(frame: Frame, status: 'ok' | 'error', response: Record<string, unknown>): void {
    const { joinRef, ref, topic } = frame;
    this.send({ joinRef, ref, topic, event: 'phx_reply' }, JSON.stringify({ status, response }));
  }

  private async handle(frame: Frame): Promise<void> {
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') this.reply(frame, 'ok', {});
      return;
    }
    switch (frame.event) {
      case 'phx_join':
        return this.join(frame);
      case 'phx_leave':
        this.forget(frame.topic);
        return this.reply(frame, 'ok', {});
      case 'access_token':
        return this.refreshToken(frame);
      default:
        // Broadcast and presence are not served; acknowledge pushes so clients do not time out.
        if (frame.ref !== null && this.subscriptions.has(frame.topic)) this.reply(frame, 'ok', {});
    }
  }

  /** Why hosted Realtime would refuse this join before looking at its token, if it would. */
  private refusal(topic: string): string | undefined {
    // Phoenix answers a topic no channel serves with this reason.
    if (!topic.startsWith('realtime:')) return 'unmatched topic';
    if (topic === 'realtime:') return 'TopicNameRequired: You must provide a topic name';
    if (!this.options.joinRate.take()) return 'ClientJoinRateLimitReached: Too many joins per second';
    // Joining a topic again replaces that channel, so it does not count against the limit.
    const others = this.subscriptions.size - (this.subscriptions.has(topic) ? 1 : 0);
    if (others >= this.options.limits.maxChannelsPerClient)
      return 'ChannelRateLimitReached: Too many channels';
    return undefined;
  }

  private async join(frame: Frame): Promise<void> {
    const { access_token: accessToken, config } = frame.payload;
    const { topic, joinRef } = frame;
    const refused = this.refusal(topic);
    if (refused) {
      this.reply(frame, 'error', { reason: refused });
      // As hosted: a client over the join rate is disconnected, not only refused.
      if (refused.startsWith('ClientJoinRateLimitReached')) this.socket.close(1000);
      return;
    }
    // As hosted: without a token, or with a publishable `sb_` key, the channel uses the socket's API key.
    const token =
      typeof accessToken === 'string' && !accessToken.startsWith('sb_') ? accessToken : this.options.apikey;
    let claims: JwtClaims;
    let bindings: Binding[];
    try {
      claims = await realtimeClaims(token, this.options.jwtSecret);
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      return this.reply(frame, 'error', { reason: error.joinReason });
    }
    try {
      bindings = parseBindings(config, this.options.limits.maxBindingsPerChannel);
    } catch (error) {
      if (!(error instanceof BindingError)) throw error;
      return this.reply(frame, 'error', { reason: error.message });
    }
    if (bindings.length > 0) await this.options.beforeJoin();
    this.forget(topic);
    const subscription: Subscription = {
      topic,
      joinRef,
      claims,
      token,
      bindings,
      deliver: (payloadJson) =>
        this.send({ joinRef: null, ref: null, topic, event: 'postgres_changes' }, payloadJson),
    };
    this.subscriptions.set(topic, subscription);
    this.watchExpiry(subscription);
    this.reply(frame, 'ok', { postgres_changes: bindings.map(describeBinding) });
    if (bindings.length === 0) return;
    const system = {
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: channelOf(topic),
    };
    this.send({ joinRef, ref: null, topic, event: 'system' }, JSON.stringify(system));
  }

  private async refreshToken(frame: Frame): Promise<void> {
    const subscription = this.subscriptions.get(frame.topic);
    const token = frame.payload.access_token;
    // As hosted: no token, the same token or a publishable `sb_` key leave the channel as it is.
    if (!subscription || typeof token !== 'string' || token === subscription.token || token.startsWith('sb_'))
      return;
    try {
      subscription.claims = await realtimeClaims(token, this.options.jwtSecret);
      subscription.token = token;
      this.watchExpiry(subscription);
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      this.shutdown(subscription, error.pushMessage);
    }
  }

  /** Closes the channel when its token expires, with hosted's message; checks at least every 5 minutes. */
  private watchExpiry(subscription: Subscription): void {
    clearTimeout(subscription.expiryTimer);
    const exp = subscription.claims.exp as number;
    const inMs = Math.max(0, Math.min(TOKEN_CHECK_MAX_MS, exp * 1000 - Date.now()));
    subscription.expiryTimer = setTimeout(() => {
      if (this.subscriptions.get(subscription.topic) !== subscription) return;
      if (exp * 1000 <= Date.now()) this.shutdown(subscription, expiredMessage(exp));
      else this.watchExpiry(subscription);
    }, inMs);
    subscription.expiryTimer.unref();
  }

  private forget(topic: string): void {
    clearTimeout(this.subscriptions.get(topic)?.expiryTimer);
    this.subscriptions.delete(topic);
  }

  /** As hosted Realtime: tell the client why in a `system` message, then close the channel. */
  private shutdown(subscription: Subscription, message: string): void {
    const { topic, joinRef } = subscription;
    this.forget(topic);
    const system = { extension: 'system', status: 'error', message, channel: channelOf(topic) };
    this.send({ joinRef, ref: null, topic, event: 'system' }, JSON.stringify(system));
    this.send({ joinRef, ref: joinRef, topic, event: 'phx_close' }, '{}');
  }
}
