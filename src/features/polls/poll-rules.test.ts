import { describe, expect, it } from 'vitest';
import {
  POLL_OPTION_MAX,
  POLL_QUESTION_MAX,
  pollClosesProblem,
  pollOptionProblem,
  pollOptionsProblem,
  pollQuestionProblem,
} from './poll-rules';

describe('poll rules', () => {
  it('want a one-line question of at most the maximum', () => {
    expect(pollQuestionProblem('  ')).toBe('Please enter the question.');
    expect(pollQuestionProblem('q'.repeat(POLL_QUESTION_MAX))).toBeUndefined();
    expect(pollQuestionProblem('q'.repeat(POLL_QUESTION_MAX + 1))).toMatch(/characters or fewer/);
    expect(pollQuestionProblem('two\nlines')).toMatch(/can't save/);
  });
  it('want 2 to 6 different options, each filled in', () => {
    expect(pollOptionProblem('')).toBe('Please enter the option, or remove it.');
    expect(pollOptionProblem('o'.repeat(POLL_OPTION_MAX + 1))).toMatch(/characters or fewer/);
    expect(pollOptionsProblem(['one'])).toBe('A poll has 2 to 6 options.');
    expect(pollOptionsProblem(['a', 'b', 'c', 'd', 'e', 'f'])).toBeUndefined();
    expect(pollOptionsProblem(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe('A poll has 2 to 6 options.');
    expect(pollOptionsProblem(['Yes', ' yes'])).toBe('Two options are the same.');
  });
  it('want a closing time in the future', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    expect(pollClosesProblem(null, now)).toBe('Please choose when the poll closes.');
    expect(pollClosesProblem(new Date('invalid'), now)).toBe('Please choose when the poll closes.');
    expect(pollClosesProblem(now, now)).toBe('The closing time must be in the future.');
    expect(pollClosesProblem(new Date('2026-11-24T00:01:00Z'), now)).toBeUndefined();
  });
});
