// The rules of a payment plan template's fields (decision 0076), as /admin/create-payment-plan checks them.
// The database says the same (private.is_payment_plan_name and private.is_payment_plan, the CHECKs of
// public.payment_plans in supabase/schemas/16_payment_plans.sql), proven by
// supabase/tests/database/plan-rules-agree.test.ts.
import { characterCount, hasControlCharacters } from '../../../lib/rules/text';
import { isCalendarDate } from '../events/event-rules';

export const PLAN_NAME_MAX = 80;
export const PLAN_PARTS_MAX = 12;
export const PLAN_DATES_MAX = 12;

export const PLAN_KINDS = [
  {
    value: 'spaced',
    label: 'Instalments a set time apart',
    rule: 'The balance in equal parts, a number of days or months apart, the last one on the final due day (90 days before departure).',
  },
  {
    value: 'fixed',
    label: 'Instalments on fixed dates',
    rule: 'The balance in equal parts on the dates you choose, for one departure. A date after the final due day moves to it.',
  },
] as const;
export type PlanKind = (typeof PLAN_KINDS)[number]['value'];

export const SPACING_UNITS = [
  { value: 'months', label: 'months', max: 12 },
  { value: 'days', label: 'days', max: 365 },
] as const;
export type SpacingUnit = (typeof SPACING_UNITS)[number]['value'];

const WHOLE = /^\d+$/;

/** Required, one line, at most PLAN_NAME_MAX characters once trimmed. */
export function planNameProblem(value: string): string | undefined {
  const name = value.trim();
  if (!name) return 'Please enter a name, such as "Three monthly instalments".';
  if (characterCount(name) > PLAN_NAME_MAX) return `The name must be ${PLAN_NAME_MAX} characters or fewer.`;
  if (hasControlCharacters(name)) return "The name contains characters we can't save.";
  return undefined;
}

export function planKindProblem(value: string): string | undefined {
  return PLAN_KINDS.some((kind) => kind.value === value) ? undefined : 'Choose how the balance is spread.';
}

/** How many parts the balance is paid in: a whole number from 1 to PLAN_PARTS_MAX. */
export function planPartsProblem(value: string): string | undefined {
  const parts = value.trim();
  if (!WHOLE.test(parts) || Number(parts) < 1 || Number(parts) > PLAN_PARTS_MAX)
    return `Enter the number of instalments, from 1 to ${PLAN_PARTS_MAX}.`;
  return undefined;
}

/** The time between parts: only with more than one part, 1 to 365 days or 1 to 12 months. */
export function planSpacingProblem(value: string, unit: string, parts: string): string | undefined {
  if (parts.trim() === '1') return undefined;
  const spacing = value.trim();
  const allowed = SPACING_UNITS.find((candidate) => candidate.value === unit);
  if (!allowed) return 'Choose days or months.';
  if (!WHOLE.test(spacing) || Number(spacing) < 1 || Number(spacing) > allowed.max)
    return `Enter the time between instalments, from 1 to ${allowed.max} ${allowed.label}.`;
  return undefined;
}

/** A fixed plan's dates: 1 to PLAN_DATES_MAX real dates, each once. */
export function planDatesProblem(dates: readonly string[]): string | undefined {
  const days = dates.map((day) => day.trim());
  if (days.length === 0) return 'Add the date of at least one instalment.';
  if (days.length > PLAN_DATES_MAX) return `A plan has at most ${PLAN_DATES_MAX} dates.`;
  if (days.some((day) => !isCalendarDate(day)))
    return 'Enter every instalment date, or remove the empty ones.';
  if (new Set(days).size !== days.length) return 'Each date can appear only once.';
  return undefined;
}

/** A plan's columns as public.payment_plans stores them. */
export interface PlanShape {
  kind: PlanKind;
  parts: number | null;
  spacing: number | null;
  spacing_unit: SpacingUnit | null;
  due_dates: string[] | null;
}

/** What a plan the rules accept is saved as: a spaced plan's spacing only with several parts, dates in order. */
export function planShape(plan: {
  kind: string;
  parts: string;
  spacing: string;
  spacing_unit: string;
  due_dates: readonly string[];
}): PlanShape {
  if (plan.kind === 'fixed')
    return {
      kind: 'fixed',
      parts: null,
      spacing: null,
      spacing_unit: null,
      due_dates: plan.due_dates.map((day) => day.trim()).sort(),
    };
  const parts = Number(plan.parts.trim());
  return {
    kind: 'spaced',
    parts,
    spacing: parts === 1 ? null : Number(plan.spacing.trim()),
    spacing_unit: parts === 1 ? null : (plan.spacing_unit as SpacingUnit),
    due_dates: null,
  };
}

/** One line about a stored plan, as the list and the events form show it. */
export function describePlan(plan: PlanShape): string {
  if (plan.kind === 'fixed') {
    const count = plan.due_dates?.length ?? 0;
    return `${count} ${count === 1 ? 'instalment' : 'instalments'} on fixed dates`;
  }
  if (plan.parts === 1 || plan.parts === null) return 'The balance in one payment, on the final due day';
  const unit = plan.spacing === 1 ? plan.spacing_unit?.replace(/s$/, '') : plan.spacing_unit;
  return `${plan.parts} instalments, ${plan.spacing} ${unit} apart, the last on the final due day`;
}
