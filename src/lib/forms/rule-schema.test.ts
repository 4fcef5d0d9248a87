import { describe, expect, it } from 'vitest';
import { emailProblem } from '../rules';
import { emptyToNull, ruleSchema, ruleString, schemaErrors } from './rule-schema';

describe('ruleString', () => {
  const email = ruleString(emailProblem);

  it('passes what the rule accepts', () => {
    expect(email.safeParse('ada@example.com').success).toBe(true);
  });

  it("fails with the rule's own message", () => {
    const result = email.safeParse('not an address');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(emailProblem('not an address'));
  });
});

it('empties blank optional text to null and trims the rest', () => {
  expect(emptyToNull('  ')).toBeNull();
  expect(emptyToNull(' Hobart ')).toBe('Hobart');
});

describe('ruleSchema and schemaErrors', () => {
  const schema = ruleSchema<'email' | 'confirm'>({
    email: emailProblem,
    confirm: (value, values) => (value === values.email ? undefined : 'Not the same.'),
  });

  it('runs every rule, also across fields, and names each failing field once', () => {
    expect(schemaErrors(schema, { email: 'nope', confirm: 'other' })).toEqual({
      email: emailProblem('nope'),
      confirm: 'Not the same.',
    });
  });

  it('finds nothing wrong with valid values', () => {
    expect(schemaErrors(schema, { email: 'ada@example.com', confirm: 'ada@example.com' })).toEqual({});
  });
});
