import * as z from 'zod';
import { ruleString } from '../../../lib/forms/rule-schema';
import type { PaymentPlan, PlanValues } from './payment-plans.data';
import {
  planDatesProblem,
  planKindProblem,
  planNameProblem,
  planPartsProblem,
  planShape,
  planSpacingProblem,
} from './plan-rules';

/** The plan form's schema: every field through its rule in plan-rules.ts (decision 0013). */
export const planFormSchema = z
  .object({
    name: ruleString(planNameProblem),
    kind: ruleString(planKindProblem),
    parts: z.string(),
    spacing: z.string(),
    spacing_unit: z.string(),
    due_dates: z.array(z.object({ day: z.string() })),
  })
  .superRefine((values, context) => {
    // Only the fields of the chosen kind are checked; each problem goes on the field that has it.
    const problems =
      values.kind === 'fixed'
        ? { due_dates: planDatesProblem(values.due_dates.map((date) => date.day)) }
        : {
            parts: planPartsProblem(values.parts),
            spacing: planSpacingProblem(values.spacing, values.spacing_unit, values.parts),
          };
    for (const [path, message] of Object.entries(problems))
      if (message) context.addIssue({ code: 'custom', path: [path], message });
  });

export type PlanForm = z.infer<typeof planFormSchema>;

export const EMPTY_PLAN: PlanForm = {
  name: '',
  kind: 'spaced',
  parts: '3',
  spacing: '1',
  spacing_unit: 'months',
  due_dates: [{ day: '' }],
};

/** A stored plan as the form shows it (a field of the other kind keeps its default). */
export function toPlanForm(plan: PaymentPlan): PlanForm {
  return {
    name: plan.name,
    kind: plan.kind,
    parts: plan.parts === null ? EMPTY_PLAN.parts : String(plan.parts),
    spacing: plan.spacing === null ? EMPTY_PLAN.spacing : String(plan.spacing),
    spacing_unit: plan.spacing_unit ?? EMPTY_PLAN.spacing_unit,
    due_dates: plan.due_dates?.map((day) => ({ day })) ?? EMPTY_PLAN.due_dates,
  };
}

/** What the form saves: the name trimmed and the plan's shape (plan-rules.ts's planShape). */
export function toPlanValues(form: PlanForm): PlanValues {
  return {
    name: form.name.trim(),
    ...planShape({ ...form, due_dates: form.due_dates.map((date) => date.day) }),
  };
}

/** The form's values when they make a whole plan (for the preview), else null. */
export function completePlan(form: PlanForm): PlanValues | null {
  const parsed = planFormSchema.safeParse({ ...form, name: form.name.trim() || 'Preview' });
  return parsed.success ? toPlanValues(parsed.data) : null;
}
