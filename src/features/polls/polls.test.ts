import { describe, expect, it } from 'vitest';
import { EMPTY_VOTE, validateVote } from './polls';

describe('validateVote', () => {
  it('asks for a choice, and takes any chosen option (the database knows which exist)', () => {
    expect(validateVote(EMPTY_VOTE)).toEqual({ choice: 'Please choose an option.' });
    expect(validateVote({ choice: '0' })).toEqual({});
    expect(validateVote({ choice: '5' })).toEqual({});
  });
});
