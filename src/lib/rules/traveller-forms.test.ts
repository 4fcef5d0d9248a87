import { describe, expect, it } from 'vitest';
import { choiceOptionsProblem, formTitleProblem, optionList, questionLabelProblem } from './traveller-forms';

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
});
