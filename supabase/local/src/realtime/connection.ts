import type { WebSocket } from 'ws';
import type { StackConfig } from '../config.ts';
import { verifyJwt, type JwtClaims } from '../jwt.ts';
import { roleOf } from '../db/with-claims.ts';
import { BindingError, describeBinding, parseBindings, type Binding } from './bindings.ts';
import { decodeFrame, encodeFrame, type Frame, type Vsn } from './protocol.ts';

/** A joined channel: whose claims it reads with and what it listens for. */
export interface Subscription {
  topic: string;
  joinRef: string | null;
  claims: JwtClaims;
  bindings: Binding[];
  /** Sends one postgres_changes message whose payload is already JSON text. */
  deliver(payloadJson: string): void;
}

/** Verifies a token and checks that the API may take its role; throws otherwise. */
async function claimsOf(token: string, config: StackConfig): Promise<JwtClaims> {
  const claims = await verifyJwt(token, config.jwtSecret);
  roleOf(claims);
  return claims;
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** One WebSocket client speaking the Phoenix channel protocol, as realtime-js does. */
export class RealtimeConnection {
  readonly subscriptions = new Map<string, Subscription>();
  // Frames are handled one after another, so an access_token push never overtakes its join.
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: WebSocket,
    private readonly vsn: Vsn,
    private readonly apikey: string,
    private readonly config: StackConfig,
    /** Called after a join, so new publication tables get their capture trigger first. */
    private readonly beforeJoin: () => Promise<void>,
  ) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const frame = decodeFrame(data.toString(), vsn);
      if (!frame) return;
      this.queue = this.queue
        .then(() => this.handle(frame))
        .catch((error: unknown) => console.error('[realtime]', reason(error)));
    });
  }

  send(frame: Omit<Frame, 'payload'>, payloadJson: string): void {
    if (this.socket.readyState === this.socket.OPEN)
      this.socket.send(encodeFrame(this.vsn, frame, payloadJson));
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
        this.subscriptions.delete(frame.topic);
        return this.reply(frame, 'ok', {});
      case 'access_token':
        return this.refreshToken(frame);
      default:
        // Broadcast and presence are not served; acknowledge pushes so clients do not time out.
        if (frame.ref !== null && this.subscriptions.has(frame.topic)) this.reply(frame, 'ok', {});
    }
  }

  private async join(frame: Frame): Promise<void> {
    const { access_token: accessToken, config } = frame.payload;
    let claims: JwtClaims;
    let bindings: Binding[];
    try {
      claims = await claimsOf(typeof accessToken === 'string' ? accessToken : this.apikey, this.config);
    } catch (error) {
      return this.reply(frame, 'error', { reason: `Invalid JWT: ${reason(error)}` });
    }
    try {
      bindings = parseBindings(config);
    } catch (error) {
      if (!(error instanceof BindingError)) throw error;
      return this.reply(frame, 'error', { reason: error.message });
    }
    if (bindings.length > 0) await this.beforeJoin();
    const { topic, joinRef } = frame;
    this.subscriptions.set(topic, {
      topic,
      joinRef,
      claims,
      bindings,
      deliver: (payloadJson) =>
        this.send({ joinRef: null, ref: null, topic, event: 'postgres_changes' }, payloadJson),
    });
    this.reply(frame, 'ok', { postgres_changes: bindings.map(describeBinding) });
    if (bindings.length === 0) return;
    const system = {
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: topic.replace(/^realtime:/, ''),
    };
    this.send({ joinRef, ref: null, topic, event: 'system' }, JSON.stringify(system));
  }

  private async refreshToken(frame: Frame): Promise<void> {
    const subscription = this.subscriptions.get(frame.topic);
    const token = frame.payload.access_token;
    if (!subscription || typeof token !== 'string') return;
    try {
      subscription.claims = await claimsOf(token, this.config);
    } catch (error) {
      // As hosted Realtime: tell the client why, then close the channel.
      this.subscriptions.delete(frame.topic);
      const { topic, joinRef } = subscription;
      const message = `Received an invalid access token from client: ${reason(error)}`;
      const system = {
        extension: 'system',
        status: 'error',
        message,
        channel: topic.replace(/^realtime:/, ''),
      };
      this.send({ joinRef, ref: null, topic, event: 'system' }, JSON.stringify(system));
      this.send({ joinRef, ref: joinRef, topic, event: 'phx_close' }, '{}');
    }
  }
}
