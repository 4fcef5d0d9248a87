import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDeparture, addTraveller, bookAs } from '../../../tests/database/booking-fixtures.ts';
import type { Standin } from '../../stripe-standin/server.ts';
import { signedInAccount } from '../stack-accounts.ts';
import type { TestStack } from '../start-test-stack.ts';
import { closeStripeStack, startStripeStack } from './stripe-stack.ts';

// AutoPay end to end under Deno through the stack (decision 0088), with the Stripe stand-in (decision 0084)
// and the real SDK: a member pays the deposit by card with AutoPay ticked, so the session saves the card on
// the booking's Customer and the webhook stores it; on an instalment's due date the job wakes
// stripe-autopay through pg_net, which charges it off-session once, and the ledger records one payment and
// queues the receipt. A declined card leaves the booking as it was and queues the pay-it-yourself e-mail.

const WEBHOOK_SECRET = 'whsec_autopay_test';
const SITE = 'http://site.test';

describe.each(['pglite', 'postgres'] as const)('the stripe-autopay function on %s', (database) => {
  let standin: Standin;
  let stack: TestStack;
  let stripe: Stripe;

  beforeAll(async () => {
    ({ standin, stack, stripe } = await startStripeStack(database, {
      webhookSecret: WEBHOOK_SECRET,
      events: [
        'checkout.session.completed',
        'payment_intent.succeeded',
        'payment_intent.payment_failed',
        'setup_intent.succeeded',
      ],
      siteUrl: SITE,
    }));
    // pg_net reaches the stack's own functions, as hosted Postgres reaches the project's (decision 0083).
    await stack.db.query(
      `select vault.create_secret($1, 'project_url'), vault.create_secret($2, 'service_role_key')`,
      [stack.url, stack.serviceRoleKey],
    );
  }, 120_000);
  afterAll(() => closeStripeStack({ standin, stack }));

  async function runAutopay(day: string) {
    const { rows } = await stack.db.query<{ r: { attempts: number } }>(
      `select private.run_autopay($1::date) as r`,
      [day],
    );
    await stack.sendHttpRequests();
    await standin.api.webhooks.idle();
    return rows[0]!.r.attempts;
  }

  const ledger = async (booking: string) =>
    (
      await stack.db.query<{ status: string; paid: number; payments: number }>(
        `select b.status::text, private.booking_paid_cents(b.id)::int as paid,
                (select count(*)::int from public.payments p where p.booking_id = b.id) as payments
         from public.bookings b where b.id = $1`,
        [booking],
      )
    ).rows[0]!;

  it('saves the card with the deposit, then charges each instalment on its due date once, or e-mails the member when declined', async () => {
    const { id, client } = await signedInAccount(stack, {
      email: `ada-${database}@autopay.test`,
      fullName: 'Ada Member',
    });
    const token = (await client.auth.getSession()).data.session!.access_token;
    const travellers = [await addTraveller(stack.db, id, 'Ada Adult', 40)];
    const event = await addDeparture(stack.db, `autopay-${database}`, { startsIn: 200, plan: 2 });
    const booking = await bookAs(stack.db, id, event, travellers);

    const response = await fetch(`${stack.url}/functions/v1/stripe-checkout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        apikey: stack.anonKey,
        'content-type': 'application/json',
        origin: SITE,
      },
      body: JSON.stringify({
        booking_id: booking.id,
        purpose: 'deposit',
        return_to: '/manage-payment-plan',
        autopay_terms_version: 1,
      }),
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const session = await stripe.checkout.sessions.retrieve(/\/c\/pay\/([^/?]+)/.exec(url)![1]!);
    expect(session.customer).toMatch(/^cus_/);
    expect((await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await standin.api.webhooks.idle();
    const deposit = await stripe.paymentIntents.retrieve(
      (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string,
    );
    expect(deposit.setup_future_usage).toBe('off_session');
    const enrolment = await stack.db.query(
      `select state, user_id, terms_version, stripe_customer, stripe_payment_method
       from public.autopay_enrolments where booking_id = $1`,
      [booking.id],
    );
    expect(enrolment.rows).toEqual([
      {
        state: 'active',
        user_id: id,
        terms_version: 1,
        stripe_customer: session.customer,
        stripe_payment_method: deposit.payment_method,
      },
    ]);
    expect(await ledger(booking.id)).toEqual({
      status: 'confirmed',
      paid: booking.deposit_cents,
      payments: 1,
    });

    const { rows: dues } = await stack.db.query<{ due: string; amount_cents: number }>(
      `select o.due_date::text as due, o.outstanding as amount_cents
       from private.installments_outstanding($1) o where o.outstanding > 0 order by o.due_date`,
      [booking.id],
    );
    expect(dues).toHaveLength(2);
    const [first, second] = dues as [(typeof dues)[0], (typeof dues)[0]];

    // The first instalment's due date: charged once, whatever wakes the function again.
    expect(await runAutopay(first.due)).toBe(1);
    expect(await runAutopay(first.due)).toBe(0);
    const { rows: attempts } = await stack.db.query<{
      id: string;
      state: string;
      stripe_payment_intent: string;
    }>(
      `select id, state, stripe_payment_intent from public.autopay_attempts where booking_id = $1 order by created_at`,
      [booking.id],
    );
    expect(attempts).toMatchObject([{ state: 'succeeded' }]);
    const charged = await stripe.paymentIntents.retrieve(attempts[0]!.stripe_payment_intent);
    expect(charged).toMatchObject({
      status: 'succeeded',
      amount_received: first.amount_cents,
      customer: session.customer,
      metadata: { booking_id: booking.id, autopay_attempt_id: attempts[0]!.id },
    });
    const intents = [...standin.api.state.objects.values()].filter(
      (o) => o.object === 'payment_intent' && o['customer'] === session.customer,
    );
    expect(intents).toHaveLength(2); // the deposit's and the instalment's
    expect(await ledger(booking.id)).toEqual({
      status: 'confirmed',
      paid: booking.deposit_cents + first.amount_cents,
      payments: 2,
    });
    const receipt = await stack.db.query<{ subject: string }>(
      `select m.subject from private.outbound_mail m join public.autopay_attempts a on a.mail_id = m.id
       where a.id = $1`,
      [attempts[0]!.id],
    );
    expect(receipt.rows[0]!.subject).toMatch(/^Receipt: \$[\d,]+\.\d\d charged to your card/);

    // The second: the bank declines. The booking stays as it was; the member is told how to pay it.
    const before = await ledger(booking.id);
    standin.api.state.switches.failNextCard = 'insufficient_funds';
    expect(await runAutopay(second.due)).toBe(1);
    expect(await ledger(booking.id)).toEqual(before);
    const failed = await stack.db.query<{ state: string; failure_code: string; body: string }>(
      `select a.state, a.failure_code, m.body from public.autopay_attempts a
       join private.outbound_mail m on m.id = a.mail_id
       where a.booking_id = $1 and a.due_date = $2::date`,
      [booking.id, second.due],
    );
    expect(failed.rows).toHaveLength(1);
    expect(failed.rows[0]).toMatchObject({ state: 'failed', failure_code: 'card_declined' });
    expect(failed.rows[0]!.body).toContain('(Your card has insufficient funds)');
    expect(failed.rows[0]!.body).toContain(`/manage-payment-plan?booking=${booking.id}`);
    // One failure e-mail, though the function and the webhook both reported it.
    const mails = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from private.outbound_mail
       where recipient = $1 and subject like 'Your AutoPay payment did not go through%'`,
      [`ada-${database}@autopay.test`],
    );
    expect(mails.rows[0]!.n).toBe(1);
  }, 120_000);
});
