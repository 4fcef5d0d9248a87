import { expect, test } from '@playwright/test';
import { bookAlone, departureWithRoom } from '../helpers/card-bookings';
import { adminClient, createMember, signInPage, type TestMember } from '../helpers/e2e-backend';

// Issue 22, decision 0088: at the deposit a member ticks AutoPay beside its terms and pays on Stripe
// Checkout (the stand-in); the webhook saves the card on the booking's enrolment, and /manage-payment-plan
// shows AutoPay on, where the member can turn it off. (The charge on the due date runs under Deno through the
// stack in supabase/local/test/functions/stripe-autopay.conformance.test.ts.)

async function enrolmentOf(member: TestMember) {
  const { data, error } = await adminClient()
    .from('autopay_enrolments')
    .select('booking_id, state, terms_version, user_id')
    .eq('user_id', member.id);
  if (error) throw new Error(error.message);
  return data;
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
