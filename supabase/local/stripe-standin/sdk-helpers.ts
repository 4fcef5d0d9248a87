import Stripe from 'stripe';
import { startStripeStandin, type Standin } from './server.ts';
import { startReceiver, type Received } from './test-receiver.ts';

/** A stand-in with one webhook endpoint, and the real `stripe` SDK pointed at it (for the tests). */
export const WEBHOOK_SECRET = 'whsec_standin_test';

export interface Harness {
  standin: Standin;
  stripe: Stripe;
  received: Received[];
  /** The stand-in's control API. */
  control(path: string, body?: unknown, method?: string): Promise<unknown>;
  /** Verified events as our webhook will read them: `constructEventAsync` on the raw body. */
  verifiedEvents(): Promise<Stripe.Event[]>;
  close(): Promise<void>;
}

export function sdkFor(standin: Standin, key = standin.secretKey): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: standin.port, protocol: 'http', maxNetworkRetries: 0 });
}

export async function startHarness(): Promise<Harness> {
  const receiver = await startReceiver();
  const standin = await startStripeStandin({ webhooks: [{ url: receiver.url, secret: WEBHOOK_SECRET }] });
  const stripe = sdkFor(standin);
  return {
    standin,
    stripe,
    received: receiver.received,
    async control(path, body, method = body === undefined ? 'GET' : 'POST') {
      const response = await fetch(`${standin.url}/_standin/${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return response.json();
    },
    async verifiedEvents() {
      await standin.api.webhooks.idle();
      return Promise.all(
        receiver.received.map((delivery) =>
          stripe.webhooks.constructEventAsync(delivery.body, delivery.signature, WEBHOOK_SECRET),
        ),
      );
    },
    async close() {
      await standin.close();
      await receiver.close();
    },
  };
}
