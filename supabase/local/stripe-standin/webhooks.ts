import { createHmac } from 'node:crypto';
import type { StandinState, StripeObject } from './state.ts';

/**
 * Webhook deliveries, signed as Stripe signs them (https://docs.stripe.com/webhooks#verify-manually): the
 * `Stripe-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the
 * endpoint's secret>`. Deliveries go out after the API call that caused them has answered, as Stripe's do.
 * Tests may hold them and release them in reverse order, replay one, or send a delivery with a bad signature.
 */
export interface WebhookEndpoint {
  url: string;
  secret: string;
  /** The event types it receives, as an endpoint's `enabled_events` in Stripe; unset: all of them. */
  events?: string[];
}

export interface Delivery {
  eventId: string;
  type: string;
  url: string;
  status: number | null;
  error: string | null;
  at: number;
}

export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export class WebhookSender {
  readonly endpoints: WebhookEndpoint[] = [];
  readonly deliveries: Delivery[] = [];
  private held: StripeObject[] = [];
  private holding = false;
  private inFlight = new Set<Promise<void>>();

  constructor(private readonly state: StandinState) {}

  /** Records an event (Events API) and sends it to every endpoint, now or when released. */
  emit(type: string, object: StripeObject, idempotencyKey: string | null = null): StripeObject {
    const event: StripeObject = {
      id: this.state.newId('evt'),
      object: 'event',
      api_version: this.state.apiVersion,
      created: this.state.now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: this.endpoints.filter((e) => !e.events || e.events.includes(type)).length,
      request: { id: null, idempotency_key: idempotencyKey },
      type,
    };
    this.state.events.push(event);
    if (this.holding) this.held.push(event);
    else this.send(event);
    return event;
  }

  hold(): void {
    this.holding = true;
  }

  /** Sends what was held, in the order the events happened or the reverse, and stops holding. */
  release(order: 'created' | 'reverse' = 'created'): number {
    const events = order === 'reverse' ? [...this.held].reverse() : this.held;
    this.held = [];
    this.holding = false;
    for (const event of events) this.send(event);
    return events.length;
  }

  /** Sends an event again, as Stripe's retries and the Dashboard's 'Resend' do: same id, fresh signature. */
  redeliver(event: StripeObject, options: { forgeSignature?: boolean } = {}): void {
    this.send(event, options);
  }

  /** Resolves once every delivery started so far has been answered. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private send(event: StripeObject, options: { forgeSignature?: boolean } = {}): void {
    for (const endpoint of this.endpoints) {
      if (endpoint.events && !endpoint.events.includes(String(event['type']))) continue;
      const attempt = this.post(event, endpoint, options.forgeSignature === true);
      this.inFlight.add(attempt);
      void attempt.finally(() => this.inFlight.delete(attempt));
    }
  }

  private async post(event: StripeObject, endpoint: WebhookEndpoint, forge: boolean): Promise<void> {
    // Stripe sends the event as indented JSON; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    const secret = forge ? `${endpoint.secret}_forged` : endpoint.secret;
    const delivery: Delivery = {
      eventId: event.id,
      type: String(event['type']),
      url: endpoint.url,
      status: null,
      error: null,
      at: this.state.now(),
    };
    this.deliveries.push(delivery);
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, secret, this.state.now()),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
  }
}
