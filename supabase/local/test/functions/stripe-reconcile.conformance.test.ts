import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDeparture,
  addMembers,
  addTraveller,
  bookAs,
  memberId,
} from '../../../tests/database/booking-fixtures.ts';
import type { Standin } from '../../stripe-standin/server.ts';
import type { TestStack } from '../start-test-stack.ts';
import { closeStripeStack, startStripeStack } from './stripe-stack.ts';

// The reconciliation under Deno through the stack (decision 0095), against the Stripe stand-in (decision
// 0084) through the real SDK's list endpoints: the scheduler's job wakes stripe-reconcile through pg_net,
// which pages through Stripe's PaymentIntents and refunds and hands them to reconcile_stripe. Stripe has a
// payment the ledger lacks, one of another amount, and a refund the ledger lacks; a second run adds nothing,
// and a payment the webhook records later clears its difference.

const BOOKER = memberId(1);

describe.each(['pglite', 'postgres'] as const)('the stripe-reconcile function on %s', (database) => {
  let standin: Standin;
  let stack: TestStack;
  let stripe: Stripe;
  let booking: string;

  beforeAll(async () => {
    // No webhook events: the ledger is written below as the webhook would, so Stripe and the ledger differ.
    ({ standin, stack, stripe } = await startStripeStack(database, {
      webhookSecret: 'whsec_reconcile',
      events: [],
    }));
    await addMembers(stack.db, [1]);
    const traveller = await addTraveller(stack.db, BOOKER, 'Ada Adult', 40);
    const event = await addDeparture(stack.db, `reconcile-${database}`, { startsIn: 200, plan: 3 });
    booking = (await bookAs(stack.db, BOOKER, event, [traveller])).id;
  }, 120_000);
  afterAll(() => closeStripeStack({ standin, stack }));

  /** A payment Stripe takes (an off-session charge of a saved card). */
  async function stripeCharges(amount: number): Promise<string> {
    const customer = await stripe.customers.create({ email: 'ada@reconcile.test' });
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const intent = await stripe.paymentIntents.create({
      amount,
      currency: 'aud',
      customer: customer.id,
      payment_method: card.id,
      off_session: true,
      confirm: true,
    });
    return intent.id;
  }

  /** The ledger records a card payment, as the webhook does for a paid Checkout Session. */
  async function ledgerRecords(intent: string, amount: number) {
    await stack.db.query(`select public.apply_stripe_event($1, 'checkout.session.completed', $2::jsonb)`, [
      `evt_${intent}`,
      JSON.stringify({
        id: `cs_${intent}`,
        amount_total: amount,
        currency: 'aud',
        metadata: { booking_id: booking, purpose: 'balance' },
        payment_intent: intent,
        payment_status: 'paid',
      }),
    ]);
  }

  /** A run as the scheduler makes it, to a minute from now (the payments are seconds old). */
  async function reconcile() {
    const response = await fetch(`${stack.url}/functions/v1/stripe-reconcile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ until: new Date(Date.now() + 60_000).toISOString() }),
    });
    expect(response.status).toBe(200);
    return response.json();
  }

  const open = async () =>
    (
      await stack.db.query<{ kind: string; stripe_cents: number | null; ledger_cents: number | null }>(
        `select kind, stripe_cents, ledger_cents from public.stripe_differences
         where resolved_at is null order by kind`,
      )
    ).rows;

  it('finds a payment missing from the ledger, an amount differing and a refund only in Stripe, once', async () => {
    const agrees = await stripeCharges(50_000);
    await ledgerRecords(agrees, 50_000);
    const missing = await stripeCharges(30_000);
    const differs = await stripeCharges(20_000);
    await ledgerRecords(differs, 25_000);
    await stripe.refunds.create({ payment_intent: agrees, amount: 1_000 });
    // Three more that agree.
    for (let n = 0; n < 3; n += 1) await ledgerRecords(await stripeCharges(5_000 + n * 100), 5_000 + n * 100);

    // The scheduler's job, as cron.job holds it, through pg_net: nothing happens without Vault's secrets...
    const { rows } = await stack.db.query<{ command: string }>(
      `select command from cron.job where jobname = 'stripe-reconcile'`,
    );
    expect(rows[0]?.command).toContain(`invoke_edge_function('stripe-reconcile')`);
    await stack.db.query(rows[0]!.command);
    await stack.sendHttpRequests();
    expect(await open()).toEqual([]);

    expect(await reconcile()).toEqual({
      reconciled: true,
      payments: 6,
      refunds: 1,
      new: 3,
      open: 3,
      cleared: 0,
    });
    expect(await open()).toEqual([
      { kind: 'amount_differs', stripe_cents: 20_000, ledger_cents: 25_000 },
      { kind: 'payment_not_in_ledger', stripe_cents: 30_000, ledger_cents: null },
      { kind: 'refund_not_in_ledger', stripe_cents: 1_000, ledger_cents: null },
    ]);

    expect(await reconcile()).toMatchObject({ new: 0, open: 3, cleared: 0 });

    await ledgerRecords(missing, 30_000);
    expect(await reconcile()).toMatchObject({ new: 0, open: 2, cleared: 1 });
  }, 120_000);

  it("wakes through the scheduler's pg_net call once Vault has the project's URL and key", async () => {
    await stack.db.query(
      `select vault.create_secret($1, 'project_url'), vault.create_secret($2, 'service_role_key')`,
      [stack.url, stack.serviceRoleKey],
    );
    await stack.db.query(`update public.stripe_differences set resolved_at = now(), resolved_how = 'marked'`);
    await stripeCharges(7_700);
    const { rows } = await stack.db.query<{ command: string }>(
      `select command from cron.job where jobname = 'stripe-reconcile'`,
    );
    await stack.db.query(rows[0]!.command);
    await stack.sendHttpRequests();
    // The scheduler's run compares up to ten minutes ago: the charge of a moment ago is not yet a difference,
    // and the marked ones are not reopened.
    expect(await open()).toEqual([]);
    const { rows: responses } = await stack.db.query<{ status_code: number; content: string }>(
      `select status_code, content from net._http_response order by id desc limit 1`,
    );
    expect(responses[0]?.status_code).toBe(200);
    expect(JSON.parse(responses[0]!.content)).toMatchObject({ reconciled: true, new: 0 });
  }, 120_000);
});
