/**
 * /admin/payment-plans and /admin/create-payment-plan (decision 0076): the admin's reads and writes of the
 * payment plan templates, straight to public.payment_plans (row-level security: admins only), each with the
 * departures using it (the events.payment_plan_id key). The preview is the database's own schedule
 * (public.preview_payment_plan), so what the screen shows is what a booking would get.
 */
import { dataError, sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';
import type { PlanShape } from './plan-rules';

export interface PlanUser {
  id: string;
  title: string;
  start_date: string;
}

export interface PaymentPlan extends PlanShape {
  id: string;
  name: string;
  updated_at: string;
  events: PlanUser[];
}

export type PlanValues = PlanShape & { name: string };

const PLAN_COLUMNS =
  'id, name, kind, parts, spacing, spacing_unit, due_dates, updated_at, events(id, title, start_date)';

function byStart(plan: PaymentPlan): PaymentPlan {
  return { ...plan, events: [...plan.events].sort((a, b) => a.start_date.localeCompare(b.start_date)) };
}

/** Every template, by name, each with the departures that use it. */
export async function listPlans(client: LoadClient = sharedClient): Promise<PaymentPlan[]> {
  const supabase = await client();
  const rows = unwrap(await supabase.from('payment_plans').select(PLAN_COLUMNS).order('name'));
  return (rows as PaymentPlan[]).map(byStart);
}

/** One template to edit, or null when there is none. */
export async function readPlan(id: string, client: LoadClient = sharedClient): Promise<PaymentPlan | null> {
  const supabase = await client();
  const row = unwrap(await supabase.from('payment_plans').select(PLAN_COLUMNS).eq('id', id).maybeSingle());
  return row ? byStart(row as PaymentPlan) : null;
}

export type PlanOutcome = { outcome: 'saved'; id: string } | { outcome: 'refused'; message: string };

function refusal(error: { code?: string; message: string }): PlanOutcome {
  if (error.code === '23505')
    return { outcome: 'refused', message: 'There is already a plan with this name. Choose another name.' };
  if (error.code === '23514')
    return {
      outcome: 'refused',
      message: 'The plan was not saved: a field has a value the database refuses.',
    };
  if (error.code === '42501') return { outcome: 'refused', message: 'Only admins can change payment plans.' };
  throw dataError(error);
}

export async function createPlan(
  values: PlanValues,
  client: LoadClient = sharedClient,
): Promise<PlanOutcome> {
  const { data, error } = await (await client()).from('payment_plans').insert(values).select('id').single();
  if (error) return refusal(error);
  return { outcome: 'saved', id: data.id };
}

export async function updatePlan(
  id: string,
  values: PlanValues,
  client: LoadClient = sharedClient,
): Promise<PlanOutcome> {
  const { data, error } = await (
    await client()
  )
    .from('payment_plans')
    .update(values)
    .eq('id', id)
    .select('id');
  if (error) return refusal(error);
  if (data.length !== 1) return { outcome: 'refused', message: 'This plan no longer exists.' };
  return { outcome: 'saved', id };
}

/** Deletes an unused template; one a departure uses is refused by the database (its key to events). */
export async function deletePlan(
  id: string,
  client: LoadClient = sharedClient,
): Promise<{ outcome: 'deleted' } | { outcome: 'refused'; message: string }> {
  const { data, error } = await (await client()).from('payment_plans').delete().eq('id', id).select('id');
  if (error?.code === '23503')
    return {
      outcome: 'refused',
      message: 'A departure uses this plan. Give those departures another plan first.',
    };
  if (error) throw dataError(error);
  if (data.length !== 1) return { outcome: 'refused', message: 'This plan no longer exists.' };
  return { outcome: 'deleted' };
}

export interface PreviewLine {
  due_date: string;
  amount_cents: number;
  is_deposit: boolean;
}

/** The schedule the plan gives one traveller booking on bookedOn a departure on departure, at priceCents. */
export async function previewPlan(
  plan: PlanShape,
  example: { departure: string; bookedOn: string; priceCents: number },
  client: LoadClient = sharedClient,
): Promise<PreviewLine[]> {
  const supabase = await client();
  const { data, error } = await supabase.rpc('preview_payment_plan', {
    p_kind: plan.kind,
    p_parts: plan.parts as number,
    p_spacing: plan.spacing as number,
    p_spacing_unit: plan.spacing_unit as string,
    p_due_dates: plan.due_dates as string[],
    p_departure: example.departure,
    p_booked_on: example.bookedOn,
    p_price_cents: example.priceCents,
  });
  if (error) throw dataError(error);
  return data;
}

/** The templates an event may use, for the events form's select. */
export async function listPlanChoices(
  client: LoadClient = sharedClient,
): Promise<Pick<PaymentPlan, 'id' | 'name' | 'kind' | 'parts' | 'spacing' | 'spacing_unit' | 'due_dates'>[]> {
  const supabase = await client();
  return unwrap(
    await supabase
      .from('payment_plans')
      .select('id, name, kind, parts, spacing, spacing_unit, due_dates')
      .order('name'),
  ) as PaymentPlan[];
}
