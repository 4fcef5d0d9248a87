import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInAccount } from '../../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../../lib/supabase/client';
import { loaderOf } from '../../../lib/supabase/data';
import { createEvent, updateEvent, type EventValues } from '../events/events.data';
import {
  createPlan,
  deletePlan,
  listPlanChoices,
  listPlans,
  previewPlan,
  readPlan,
  updatePlan,
} from './payment-plans.data';

// The admin's payment plan calls with the real supabase-js against the local stack (decision 0076): create,
// list with the departures using each, preview, edit, delete only when unused; a member gets nothing.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let adminClient: BrowserSupabase;
let memberClient: BrowserSupabase;

const EVENT: EventValues = {
  title: 'Plans walk',
  description: null,
  location: null,
  start_date: '2027-09-28',
  end_date: '2027-09-29',
  bookings_open_on: null,
  bookings_close_on: null,
  price_cents: 500000,
  currency: 'AUD',
  max_registrations: null,
  event_type: 'history',
  trip_slug: null,
  badge: 'eoi',
  image_paths: [],
  deposit_per_traveller_cents: null,
  payment_plan_id: null,
  next_room_priority_days: null,
  gst_treatment: 'taxable',
  traveller_changes_close_days: null,
};

beforeAll(async () => {
  stack = await startTestStack();
  adminClient = (await signedInAccount(stack, { email: 'plans-admin@example.com', admin: true })).client;
  memberClient = (await signedInAccount(stack, { email: 'plans-member@example.com' })).client;
});

afterAll(async () => {
  await stack?.close();
});

describe('an admin', () => {
  it('creates a plan, sees the departure using it, and cannot delete it until none does', async () => {
    const admin = loaderOf(adminClient);
    const created = await createPlan(
      { name: 'Two payments', kind: 'spaced', parts: 2, spacing: 45, spacing_unit: 'days', due_dates: null },
      admin,
    );
    if (created.outcome !== 'saved') throw new Error('not saved');
    const event = await createEvent({ ...EVENT, payment_plan_id: created.id }, admin);
    if (event.outcome !== 'saved') throw new Error('event not saved');

    const listed = (await listPlans(admin)).find((plan) => plan.id === created.id);
    expect(listed).toMatchObject({ name: 'Two payments', events: [{ id: event.id, title: 'Plans walk' }] });
    expect((await listPlanChoices(admin)).map((plan) => plan.name)).toContain('Two payments');

    expect(await deletePlan(created.id, admin)).toEqual({
      outcome: 'refused',
      message: 'A departure uses this plan. Give those departures another plan first.',
    });
    await updateEvent(event.id, EVENT, admin);
    expect(await deletePlan(created.id, admin)).toEqual({ outcome: 'deleted' });
    expect(await readPlan(created.id, admin)).toBeNull();
  });

  it('edits a plan, and hears in words that a name is taken', async () => {
    const admin = loaderOf(adminClient);
    const created = await createPlan(
      {
        name: 'Fixed for Hobart',
        kind: 'fixed',
        parts: null,
        spacing: null,
        spacing_unit: null,
        due_dates: ['2027-03-01'],
      },
      admin,
    );
    if (created.outcome !== 'saved') throw new Error('not saved');
    expect(
      await updatePlan(
        created.id,
        {
          name: 'Fixed for Hobart',
          kind: 'fixed',
          parts: null,
          spacing: null,
          spacing_unit: null,
          due_dates: ['2027-03-01', '2027-05-01'],
        },
        admin,
      ),
    ).toEqual({ outcome: 'saved', id: created.id });
    expect((await readPlan(created.id, admin))?.due_dates).toEqual(['2027-03-01', '2027-05-01']);
    expect(
      await createPlan(
        {
          name: 'fixed for hobart',
          kind: 'spaced',
          parts: 1,
          spacing: null,
          spacing_unit: null,
          due_dates: null,
        },
        admin,
      ),
    ).toEqual({
      outcome: 'refused',
      message: 'There is already a plan with this name. Choose another name.',
    });
  });

  it('previews the schedule the database would give', async () => {
    const lines = await previewPlan(
      { kind: 'spaced', parts: 3, spacing: 1, spacing_unit: 'months', due_dates: null },
      { departure: '2027-09-28', bookedOn: '2027-01-10', priceCents: 500000 },
      loaderOf(adminClient),
    );
    expect(lines).toEqual([
      { due_date: '2027-01-10', amount_cents: 80000, is_deposit: true },
      { due_date: '2027-04-30', amount_cents: 140000, is_deposit: false },
      { due_date: '2027-05-30', amount_cents: 140000, is_deposit: false },
      { due_date: '2027-06-30', amount_cents: 140000, is_deposit: false },
    ]);
  });
});

describe('a member', () => {
  it('sees no plans and cannot create one', async () => {
    const member = loaderOf(memberClient);
    expect(await listPlans(member)).toEqual([]);
    expect(
      await createPlan(
        { name: 'Sneaky', kind: 'spaced', parts: 1, spacing: null, spacing_unit: null, due_dates: null },
        member,
      ),
    ).toEqual({ outcome: 'refused', message: 'Only admins can change payment plans.' });
  });
});
