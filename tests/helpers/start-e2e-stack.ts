/**
 * Starts the local Supabase stack for the browser tests: a fresh in-memory database (migrations and seed),
 * the auth limits raised as every test stack raises them (the whole suite signs up from one address), and
 * the built site's origin allowed as a redirect target of e-mail links. The posting limit stays the
 * project's (each browser test posts as members of its own, and one test meets the limit). Card payments
 * are on, as for a company that has set its Stripe keys (decision 0087): unless supabase/functions/.env
 * sets STRIPE_SECRET_KEY already, the Stripe stand-in (decision 0084) plays Stripe, its webhooks go to the
 * stack's stripe-webhook function, and the functions send members back to the built site. Loaded by
 * scripts/e2e.mjs with Node's type stripping.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { startStripeStandin, type Standin } from '../../supabase/local/stripe-standin/server.ts';
import { startTestStack, type TestDatabaseKind } from '../../supabase/local/test/start-test-stack.ts';
import { COMMENTS_PER_MINUTE } from '../../src/features/comments/comment-rules.ts';

export interface E2eStack {
  env: Record<string, string>;
  stop: () => Promise<void>;
}

const WEBHOOK_SECRET = 'whsec_e2e_standin';
const FUNCTIONS_ENV = new URL('../../supabase/functions/.env', import.meta.url);

/** The project's own Stripe key for the functions, when its supabase/functions/.env sets one. */
function stripeKeyInFunctionsEnv(): boolean {
  if (!existsSync(FUNCTIONS_ENV)) return false;
  return Boolean(parseEnv(readFileSync(FUNCTIONS_ENV, 'utf8'))['STRIPE_SECRET_KEY']);
}

export async function startE2eStack({
  port,
  siteUrl,
  database = 'pglite',
}: {
  port: number;
  siteUrl: string;
  database?: TestDatabaseKind;
}): Promise<E2eStack> {
  const standin: Standin | undefined = stripeKeyInFunctionsEnv() ? undefined : await startStripeStandin();
  const stack = await startTestStack({
    database,
    toml: { auth: { site_url: siteUrl, additional_redirect_urls: [`${siteUrl}/**`] } },
    postsPerMinute: COMMENTS_PER_MINUTE,
    configure: (config) => {
      config.port = port;
      config.mailPort = port + 1;
      config.apiUrl = `http://127.0.0.1:${port}`;
      config.functionSecrets = {
        SITE_URL: siteUrl,
        ...(standin
          ? {
              STRIPE_SECRET_KEY: standin.secretKey,
              STRIPE_API_BASE: standin.url,
              STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
            }
          : {}),
      };
    },
  }).catch(async (error: unknown) => {
    await standin?.close();
    throw error;
  });
  standin?.api.webhooks.endpoints.push({
    url: `${stack.url}/functions/v1/stripe-webhook`,
    secret: WEBHOOK_SECRET,
    events: [
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.async_payment_failed',
      'checkout.session.expired',
      // AutoPay (decision 0088): the card saved with a payment or a setup session, and off-session charges.
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
      'payment_intent.requires_action',
      'setup_intent.succeeded',
    ],
  });
  await stack.db.query(`update private.card_payment_settings set enabled = true`);
  return {
    env: {
      E2E_SUPABASE_URL: stack.url,
      E2E_MAIL_URL: stack.mailUrl ?? '',
      E2E_SUPABASE_ANON_KEY: stack.anonKey,
      E2E_SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
      E2E_STRIPE_URL: standin?.url ?? '',
    },
    stop: async () => {
      await stack.close();
      await standin?.close();
    },
  };
}
