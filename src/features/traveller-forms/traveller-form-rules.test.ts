import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  choiceOptionsProblem,
  formTitleProblem,
  optionList,
  questionLabelProblem,
} from './traveller-form-rules';

describe('traveller form rules', () => {
  it('take a title and a question of 1 to 120 characters once trimmed, counting characters', () => {
    expect(formTitleProblem(' ')).toBe('Give the form a title (1 to 120 characters).');
    expect(formTitleProblem('x'.repeat(120))).toBeUndefined();
    expect(formTitleProblem(` ${'x'.repeat(120)} `)).toBeUndefined();
    expect(formTitleProblem('x'.repeat(121))).toBeDefined();
    // 120 characters outside the Basic Multilingual Plane are 240 UTF-16 units, and still 120 characters.
    expect(formTitleProblem('𝒳'.repeat(120))).toBeUndefined();
    expect(questionLabelProblem('')).toBe('Write the question (1 to 120 characters).');
    expect(questionLabelProblem('x'.repeat(120))).toBeUndefined();
    expect(questionLabelProblem('x'.repeat(121))).toBeDefined();
  });
  it('take 2 to 10 different options of at most 80 characters, one a line', () => {
    expect(optionList(' A \n\nB')).toEqual(['A', 'B']);
    expect(choiceOptionsProblem('A')).toBe('A choice needs 2 to 10 different options, one a line.');
    expect(choiceOptionsProblem('A\nA')).toBe('A choice needs 2 to 10 different options, one a line.');
    expect(choiceOptionsProblem('A\n\n B ')).toBeUndefined();
    expect(choiceOptionsProblem(Array.from({ length: 10 }, (_, i) => `O${i}`).join('\n'))).toBeUndefined();
    expect(choiceOptionsProblem(Array.from({ length: 11 }, (_, i) => `O${i}`).join('\n'))).toBeDefined();
    expect(choiceOptionsProblem(`A\n${'x'.repeat(80)}`)).toBeUndefined();
    expect(choiceOptionsProblem(`A\n${'x'.repeat(81)}`)).toBe('An option is at most 80 characters.');
  });
  it("check one answer as the member's form holds it, in the database's words", () => {
    const question = { label: 'Diet', kind: 'text' as const, required: true };
    expect(answerProblem(question, '')).toBe('"Diet" is required.');
    expect(answerProblem({ ...question, required: false }, '')).toBeUndefined();
    expect(answerProblem(question, '𝒳'.repeat(2000))).toBeUndefined();
    expect(answerProblem(question, 'x'.repeat(2001))).toBe('"Diet" is at most 2,000 characters.');
    const room = { label: 'Room', kind: 'choice' as const, required: false, options: ['Single', 'Twin'] };
    expect(answerProblem(room, 'Twin')).toBeUndefined();
    expect(answerProblem(room, 'Double')).toBe('"Room" must be one of its options.');
    expect(answerProblem({ label: 'Arrival', kind: 'date', required: false }, '1/2/2026')).toBe(
      '"Arrival" must be a date.',
    );
    const insured = { label: 'Insured', kind: 'yes_no' as const, required: true };
    expect(answerProblem(insured, 'no')).toBeUndefined();
    expect(answerProblem(insured, 'maybe')).toBe('"Insured" must be yes or no.');
  });
});
