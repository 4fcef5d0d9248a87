import type Stripe from 'stripe';
import { sdkFor } from '../../stripe-standin/sdk-helpers.ts';
import { startStripeStandin, type Standin } from '../../stripe-standin/server.ts';
import { startTestStack, type TestDatabaseKind, type TestStack } from '../start-test-stack.ts';

/**
 * A test stack whose Stripe functions talk to the Stripe stand-in (decision 0084) with the real SDK, and a
 * stand-in that delivers the given events to the stack's stripe-webhook, signed with `webhookSecret`.
 * Cards are turned on unless `cardsOn` is false. The conformance tests of every Stripe function start here.
 */
export interface StripeStack {
  standin: Standin;
  stack: TestStack;
  /** The SDK pointed at the stand-in, to act as Stripe's side (pay a session, list refunds). */
  stripe: Stripe;
}

export interface StripeStackOptions {
  webhookSecret: string;
  /** The event types the stand-in's endpoint is subscribed to. */
  events: readonly string[];
  /** SITE_URL for the functions; unset, as for the webhook alone. */
  siteUrl?: string;
  accountName?: string;
  cardsOn?: boolean;
}

export async function startStripeStack(
  database: TestDatabaseKind,
  options: StripeStackOptions,
): Promise<StripeStack> {
  const standin = await startStripeStandin(options.accountName ? { accountName: options.accountName } : {});
  const stack = await startTestStack({
    database,
    configure: (config) => {
      config.functionSecrets = {
        STRIPE_WEBHOOK_SECRET: options.webhookSecret,
        STRIPE_SECRET_KEY: standin.secretKey,
        STRIPE_API_BASE: standin.url,
        ...(options.siteUrl ? { SITE_URL: options.siteUrl } : {}),
      };
    },
  });
  standin.api.webhooks.endpoints.push({
    url: `${stack.url}/functions/v1/stripe-webhook`,
    secret: options.webhookSecret,
    events: [...options.events],
  });
  if (options.cardsOn !== false)
    await stack.db.query(`update private.card_payment_settings set enabled = true`);
  return { standin, stack, stripe: sdkFor(standin) };
}

export async function closeStripeStack(stripeStack: Partial<StripeStack>): Promise<void> {
  await stripeStack.standin?.close();
  await stripeStack.stack?.close();
}
