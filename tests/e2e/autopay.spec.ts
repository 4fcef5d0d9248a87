import { expect, test, type Page } from '@playwright/test';
import { bookAlone, departureWithRoom } from '../helpers/card-bookings';
import {
  adminClient,
  createMember,
  runJob,
  signInPage,
  supabaseUrl,
  waitForMail,
  type TestMember,
} from '../helpers/e2e-backend';

// Issue 22, decision 0088: at the deposit a member ticks AutoPay beside its terms and pays on Stripe
// Checkout (the stand-in); the webhook saves the card on the booking's enrolment, and /manage-payment-plan
// shows AutoPay on, where the member can turn it off. Then an instalment falls due: the daily job makes the
// attempt, and the charge, its receipt, and a declined card's pay-it-yourself e-mail and link follow.
//
// The e2e stack sets no Vault secrets (setting them would start waking send-mail in every other spec), so
// the job's pg_net call wakes nothing here: the spec calls stripe-autopay as the scheduler's call would,
// with the service role key (decision 0088 names the way). The job runs with the real date, so the
// instalment's due date is moved to today (Sydney) instead of the clock to the due date.

async function enrolmentOf(member: TestMember) {
  const { data, error } = await adminClient()
    .from('autopay_enrolments')
    .select('booking_id, state, terms_version, user_id')
    .eq('user_id', member.id);
  if (error) throw new Error(error.message);
  return data;
}

/** Books the departure alone with AutoPay ticked and pays the deposit on the stand-in's Checkout page. */
async function depositWithAutopay(page: Page, eventId: string, name: string) {
  const pay = await bookAlone(page, eventId, name);
  await pay.getByRole('checkbox', { name: 'Charge my saved card on each due date (AutoPay)' }).check();
  await pay.getByRole('button', { name: /by card$/ }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/manage-booking\?booking=.*&card=paid/);
}

const sydneyToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());

/** The booking's next unpaid instalment falls due today; answers its amount. */
async function instalmentDueToday(bookingId: string): Promise<number> {
  const { data, error } = await adminClient()
    .from('booking_installments')
    .select('id, amount_cents')
    .eq('booking_id', bookingId)
    .is('paid_at', null)
    .order('due_date')
    .limit(1)
    .single();
  if (error) throw new Error(error.message);
  const moved = await adminClient()
    .from('booking_installments')
    .update({ due_date: sydneyToday() })
    .eq('id', data.id);
  if (moved.error) throw new Error(moved.error.message);
  return data.amount_cents as number;
}

/** The daily job once (its next 21:30 UTC after `day` days), then stripe-autopay as its pg_net call would. */
async function autopayRuns(day: number) {
  const at = new Date();
  at.setUTCDate(at.getUTCDate() + day);
  at.setUTCHours(21, 30, 10, 0);
  const { runs } = await runJob('autopay', at.toISOString());
  expect(runs).toEqual([expect.objectContaining({ jobname: 'autopay', status: 'succeeded' })]);
  const response = await fetch(`${supabaseUrl()}/functions/v1/stripe-autopay`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env['E2E_SUPABASE_SERVICE_ROLE_KEY']}`,
      'content-type': 'application/json',
    },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return response.json();
}

test('a member ticks AutoPay with the deposit, pays by card, sees AutoPay on and turns it off', async ({
  page,
}) => {
  test.slow();
  const event = await departureWithRoom(`AutoPay Deposit ${Date.now()}`, '2030-05-10', '2030-05-12');
  const member = await createMember({ fullName: 'Mina Murray' });
  const { error } = await adminClient()
    .from('travellers')
    .insert({ user_id: member.id, full_name: 'Mina Murray', date_of_birth: '1985-07-01' });
  if (error) throw new Error(error.message);
  await signInPage(page, member);
  const pay = await bookAlone(page, event.id, 'Mina Murray');
  const autopay = pay.getByRole('checkbox', { name: 'Charge my saved card on each due date (AutoPay)' });
  await expect(autopay).toHaveAccessibleDescription(/I authorise you to charge each remaining instalment/);
  await autopay.check();
  await pay.getByRole('button', { name: /by card$/ }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/manage-booking\?booking=.*&card=paid/);

  await expect.poll(async () => (await enrolmentOf(member))[0]?.state, { timeout: 15_000 }).toBe('active');
  const [enrolment] = await enrolmentOf(member);
  expect(enrolment).toMatchObject({ terms_version: 1, user_id: member.id });

  await page.goto(`/manage-payment-plan?booking=${enrolment!.booking_id}`);
  const section = page.getByRole('region', { name: 'AutoPay' });
  await expect(section.getByTestId('autopay-state')).toContainText('AutoPay is on');
  await section.getByRole('button', { name: 'Turn off AutoPay' }).click();
  await expect(section.getByTestId('autopay-state')).toContainText('AutoPay is off.');
  expect((await enrolmentOf(member))[0]?.state).toBe('off');
});

test('on the due date AutoPay charges the saved card and e-mails a receipt; a declined card e-mails a link to pay it', async ({
  page,
}) => {
  test.slow();
  // The stand-in's switches decline the second charge: the e2e stack starts it unless
  // supabase/functions/.env sets a real Stripe key, and then this test fails here rather than pass unseen.
  const stripeUrl = process.env['E2E_STRIPE_URL'];
  expect(stripeUrl, 'the Stripe stand-in (no STRIPE_SECRET_KEY in supabase/functions/.env)').toBeTruthy();
  const member = await createMember({ fullName: 'Lucy Westenra' });
  const { error } = await adminClient()
    .from('travellers')
    .insert({ user_id: member.id, full_name: 'Lucy Westenra', date_of_birth: '1985-07-01' });
  if (error) throw new Error(error.message);
  await signInPage(page, member);
  // Two bookings with AutoPay (each plan's balance is one instalment): one charged, one declined.
  const bookings: string[] = [];
  for (const start of ['2030-06-10', '2030-07-10']) {
    const event = await departureWithRoom(
      `AutoPay Due ${start} ${Date.now()}`,
      start,
      start.replace(/10$/, '12'),
    );
    await depositWithAutopay(page, event.id, 'Lucy Westenra');
    await expect
      .poll(async () => (await enrolmentOf(member)).filter((row) => row.state === 'active').length, {
        timeout: 15_000,
      })
      .toBe(bookings.length + 1);
    const enrolled = (await enrolmentOf(member)).map((row) => row.booking_id as string);
    bookings.push(enrolled.find((id) => !bookings.includes(id))!);
  }
  const [bookingId, declinedId] = bookings as [string, string];

  // The first instalment falls due: charged once, recorded, and a receipt.
  const first = await instalmentDueToday(bookingId);
  expect(await autopayRuns(0)).toEqual({ succeeded: 1, failed: 0, later: 0 });
  const amount = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(first / 100);
  const receipt = await waitForMail(member.email, /^Receipt: .* charged to your card/, 20_000);
  expect(receipt.subject).toContain(amount);
  const { data: payments } = await adminClient()
    .from('payments')
    .select('amount_cents, method')
    .eq('booking_id', bookingId)
    .order('created_at');
  expect(payments?.at(-1)).toEqual({ amount_cents: first, method: 'card' });

  // The other booking's falls due and the bank declines the card: nothing changes, and a link is e-mailed.
  const second = await instalmentDueToday(declinedId);
  const declined = await fetch(`${stripeUrl}/_standin/switches`, {
    method: 'POST',
    body: JSON.stringify({ fail_next_card: 'insufficient_funds' }),
  });
  expect(declined.ok).toBe(true);
  expect(await autopayRuns(1)).toEqual({ succeeded: 0, failed: 1, later: 0 });
  const failure = await waitForMail(member.email, /^Your AutoPay payment did not go through/, 20_000);
  const link = failure.links.find((href) => href.includes(`/manage-payment-plan?booking=${declinedId}`));
  expect(link).toBeDefined();
  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  const section = page.getByRole('region', { name: 'AutoPay' });
  await expect(section.getByTestId('autopay-failure')).toContainText(
    `Your AutoPay payment of ${new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(second / 100)}`,
  );
  await expect(section.getByTestId('autopay-failure')).toContainText(
    'Please pay it below, by card or bank transfer.',
  );
  // The deposit only: the declined charge recorded nothing.
  expect((await adminClient().from('payments').select('id').eq('booking_id', declinedId)).data).toHaveLength(
    1,
  );
});
