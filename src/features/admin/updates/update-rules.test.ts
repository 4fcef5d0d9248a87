import { describe, expect, it } from 'vitest';
import { UPDATE_BODY_MAX, UPDATE_TITLE_MAX, updateBodyProblem, updateTitleProblem } from './update-rules';

// Boundaries in the browser's terms; field-rules-agree.test.ts proves Postgres decides the same.
describe('the event update rules', () => {
  it('want a title of 1 to 200 characters on one line', () => {
    expect(UPDATE_TITLE_MAX).toBe(200);
    expect(updateTitleProblem('  ')).toBe('Please enter a title.');
    expect(updateTitleProblem('x'.repeat(200))).toBeUndefined();
    expect(updateTitleProblem('😀'.repeat(200))).toBeUndefined();
    expect(updateTitleProblem('x'.repeat(201))).toMatch(/200 characters or fewer/);
    expect(updateTitleProblem('Two\nlines')).toMatch(/can't save/);
  });

  it('want a body of 1 to 5000 characters, line breaks allowed', () => {
    expect(UPDATE_BODY_MAX).toBe(5000);
    expect(updateBodyProblem(' \n ')).toBe('Please enter the update.');
    expect(updateBodyProblem(`${'x'.repeat(5000)}\n`)).toBeUndefined();
    expect(updateBodyProblem('x'.repeat(5001))).toMatch(/5000 characters or fewer/);
    expect(updateBodyProblem('Line one\r\n\tLine two')).toBeUndefined();
    expect(updateBodyProblem('Bell\u0007')).toMatch(/can't save/);
  });
});
