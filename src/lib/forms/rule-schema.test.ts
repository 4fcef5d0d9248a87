import { describe, expect, it } from 'vitest';
import { emailProblem } from '../rules';
import { emptyToNull, ruleString } from './rule-schema';

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
