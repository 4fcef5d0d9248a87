/**
 * The card-payment specs' common steps (decisions 0087–0089): a departure of the test's own with room (so
 * the seed's places stay as other specs expect them), a saved traveller, and the booking flow for the
 * member alone up to the confirmation that shows how to pay.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { adminClient, type TestMember } from './e2e-backend';
import { arrangeEvent, type ArrangedEvent } from './member-bookings';

export async function departureWithRoom(title: string, start: string, end: string): Promise<ArrangedEvent> {
  const event = await arrangeEvent({ start, end, title });
  const { error } = await adminClient().from('events').update({ max_registrations: 20 }).eq('id', event.id);
  if (error) throw new Error(error.message);
  return event;
}

export async function saveTraveller(member: TestMember, fullName: string): Promise<void> {
  const { error } = await adminClient()
    .from('travellers')
    .insert({ user_id: member.id, full_name: fullName, date_of_birth: '1985-07-01' });
  if (error) throw new Error(error.message);
}

/** Through the booking flow for the member alone; answers the confirmation's bank transfer region. */
export async function bookAlone(page: Page, eventId: string, name: string): Promise<Locator> {
  await page.goto(`/book?event=${eventId}`);
  await page.getByRole('checkbox', { name: new RegExp(name) }).check();
  await page.getByRole('button', { name: 'Continue to price' }).click();
  await page.getByRole('button', { name: 'Continue to terms' }).click();
  await page.getByRole('checkbox', { name: /I have read and accept the terms/ }).check();
  await page.getByRole('button', { name: 'Continue to confirm' }).click();
  await page.getByRole('button', { name: 'Book and pay by bank transfer' }).click();
  await expect(page.getByRole('heading', { name: 'Your places are held', level: 2 })).toBeFocused();
  return page.getByRole('region', { name: 'How to pay by bank transfer' });
}
