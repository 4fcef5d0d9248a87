import { describe, expect, it } from 'vitest';
import { completePlan, EMPTY_PLAN, planFormSchema, toPlanForm, toPlanValues } from './plan-form';
import { describePlan, planSpacingProblem } from './plan-rules';

const issues = (values: unknown) => {
  const result = planFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the payment plan form', () => {
  it('saves a spaced plan with its spacing, and one part without any', () => {
    expect(toPlanValues({ ...EMPTY_PLAN, name: ' Monthly ' })).toEqual({
      name: 'Monthly',
      kind: 'spaced',
      parts: 3,
      spacing: 1,
      spacing_unit: 'months',
      due_dates: null,
    });
    expect(toPlanValues({ ...EMPTY_PLAN, name: 'Once', parts: '1', spacing: 'x' })).toMatchObject({
      parts: 1,
      spacing: null,
      spacing_unit: null,
    });
  });

  it('saves a fixed plan with its dates in order and nothing else', () => {
    const form = {
      ...EMPTY_PLAN,
      name: 'Fixed',
      kind: 'fixed',
      due_dates: [{ day: '2027-05-01' }, { day: '2027-03-01' }],
    };
    expect(toPlanValues(form)).toEqual({
      name: 'Fixed',
      kind: 'fixed',
      parts: null,
      spacing: null,
      spacing_unit: null,
      due_dates: ['2027-03-01', '2027-05-01'],
    });
  });

  it('checks only the fields of the chosen kind, each problem on its field', () => {
    expect(issues({ ...EMPTY_PLAN, name: 'A', parts: '13' })).toEqual({
      parts: 'Enter the number of instalments, from 1 to 12.',
    });
    expect(issues({ ...EMPTY_PLAN, name: 'A', spacing: '13' })).toEqual({
      spacing: 'Enter the time between instalments, from 1 to 12 months.',
    });
    expect(
      issues({ ...EMPTY_PLAN, name: 'A', kind: 'fixed', parts: '99', due_dates: [{ day: '' }] }),
    ).toEqual({
      due_dates: 'Enter every instalment date, or remove the empty ones.',
    });
    expect(issues({ ...EMPTY_PLAN, name: '' })).toHaveProperty('name');
    expect(planSpacingProblem('400', 'days', '2')).toBe(
      'Enter the time between instalments, from 1 to 365 days.',
    );
  });

  it('previews only a whole plan, whatever its name', () => {
    expect(completePlan({ ...EMPTY_PLAN })).toMatchObject({ kind: 'spaced', parts: 3 });
    expect(completePlan({ ...EMPTY_PLAN, parts: '' })).toBeNull();
  });

  it('reads a stored plan back into the form', () => {
    const stored = {
      id: 'x',
      name: 'Fixed',
      kind: 'fixed' as const,
      parts: null,
      spacing: null,
      spacing_unit: null,
      due_dates: ['2027-03-01'],
      updated_at: '',
      events: [],
    };
    expect(toPlanForm(stored)).toEqual({
      ...EMPTY_PLAN,
      name: 'Fixed',
      kind: 'fixed',
      due_dates: [{ day: '2027-03-01' }],
    });
  });

  it('describes a plan in a line', () => {
    expect(
      describePlan({ kind: 'spaced', parts: 3, spacing: 1, spacing_unit: 'months', due_dates: null }),
    ).toBe('3 instalments, 1 month apart, the last on the final due day');
    expect(
      describePlan({ kind: 'spaced', parts: 1, spacing: null, spacing_unit: null, due_dates: null }),
    ).toBe('The balance in one payment, on the final due day');
    expect(
      describePlan({
        kind: 'fixed',
        parts: null,
        spacing: null,
        spacing_unit: null,
        due_dates: ['2027-01-01', '2027-02-01'],
      }),
    ).toBe('2 instalments on fixed dates');
  });
});
