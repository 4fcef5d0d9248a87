import { describe, expect, it } from 'vitest';
import { emailProblem } from '../rules';
import { formRules, ruleErrors } from './form-rules';

describe('formRules and ruleErrors', () => {
  const rules = formRules<'email' | 'confirm'>({
    email: emailProblem,
    confirm: (value, values) => (value === values.email ? undefined : 'Not the same.'),
  });

  it('runs every rule, also across fields, and names each failing field once', () => {
    expect(ruleErrors(rules, { email: 'nope', confirm: 'other' })).toEqual({
      email: emailProblem('nope'),
      confirm: 'Not the same.',
    });
  });

  it('finds nothing wrong with valid values', () => {
    expect(ruleErrors(rules, { email: 'ada@example.com', confirm: 'ada@example.com' })).toEqual({});
  });
});
