import { describe, expect, it } from 'vitest';
import { accountNumberProblem, bsbDigits, bsbProblem, formatBsb } from './bank';

// The bank details' rules in the browser's terms; bank-rules-agree.test.ts proves Postgres says the same.
describe('the BSB', () => {
  it('is read as typed with or without its dash and shown the Australian way', () => {
    expect(bsbDigits(' 062-000 ')).toBe('062000');
    expect(bsbDigits('062 000')).toBe('062000');
    expect(bsbDigits('062000')).toBe('062000');
    expect(bsbDigits('06-2000')).toBeUndefined();
    expect(formatBsb('062000')).toBe('062-000');
  });
  it('names what is wrong', () => {
    expect(bsbProblem('')).toBe('Please enter the BSB.');
    expect(bsbProblem('06200')).toBe('A BSB is six digits, e.g. 062-000.');
    expect(bsbProblem('062-000')).toBeUndefined();
  });
});

describe('the account number', () => {
  it('is 6 to 10 digits without spaces', () => {
    expect(accountNumberProblem('123456')).toBeUndefined();
    expect(accountNumberProblem('1234567890')).toBeUndefined();
    expect(accountNumberProblem('12345')).toBe('An account number is 6 to 10 digits, without spaces.');
    expect(accountNumberProblem('12345678901')).toBe('An account number is 6 to 10 digits, without spaces.');
    expect(accountNumberProblem('1234 5678')).toBe('An account number is 6 to 10 digits, without spaces.');
  });
});
