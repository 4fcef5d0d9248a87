import { describe, expect, it } from 'vitest';
import { flagReason, flagReasonOk, FLAG_REASON_MAX } from './flag-rules';
import { EMPTY_FLAG, flagToast, validateFlag } from './flags';
import { POSTING_TOO_FAST, refusedForRate } from './rate-limit';

describe('flagToast', () => {
  it('thanks the member, names what they reported, and says when it was reported already', () => {
    expect(flagToast('done', 'comment')).toEqual({
      title: 'Report sent',
      description: 'Thank you. A moderator will review this comment.',
      variant: 'success',
    });
    expect(flagToast('already', 'reply')).toEqual({
      title: 'Already reported',
      description: 'You have already reported this reply.',
    });
    expect(flagToast('failed', 'reply')).toEqual({
      title: 'Failed to report reply',
      description: 'Please try again.',
      variant: 'destructive',
    });
  });
});

describe('the reason rule', () => {
  it('saves blank as no reason and the rest trimmed, counting characters rather than UTF-16 units', () => {
    expect(flagReason(' \n ')).toBeNull();
    expect(flagReason('  Spam ')).toBe('Spam');
    expect(flagReasonOk('')).toBe(true);
    expect(flagReasonOk('👻'.repeat(FLAG_REASON_MAX))).toBe(true);
    expect(flagReasonOk(` ${'x'.repeat(FLAG_REASON_MAX)} `)).toBe(true);
    expect(flagReasonOk('x'.repeat(FLAG_REASON_MAX + 1))).toBe(false);
  });

  it("is the report form's rule: no reason is fine, a long one is refused in words", () => {
    expect(validateFlag(EMPTY_FLAG)).toEqual({});
    expect(validateFlag({ reason: 'x'.repeat(FLAG_REASON_MAX) })).toEqual({});
    expect(validateFlag({ reason: 'x'.repeat(FLAG_REASON_MAX + 1) })).toEqual({
      reason: 'The reason must be 500 characters or fewer.',
    });
  });
});

describe('refusedForRate', () => {
  it("knows the database's limit by its SQLSTATE or PostgREST's 429, and nothing else", () => {
    expect(refusedForRate({ error: { code: 'PT429' }, status: 429 })).toBe(true);
    expect(refusedForRate({ error: {}, status: 429 })).toBe(true);
    expect(refusedForRate({ error: { code: '42501' }, status: 403 })).toBe(false);
    expect(refusedForRate({ error: null, status: 201 })).toBe(false);
    expect(POSTING_TOO_FAST).toBe('You are posting too fast. Please wait a minute and try again.');
  });
});
