import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http.ts';
import { negotiate } from '../../src/rest/media-type.ts';
import { appliedPreferences, parsePrefer } from '../../src/rest/prefer.ts';

const requestWith = (prefer: string | string[]) => ({ headers: { prefer } }) as unknown as IncomingMessage;

function refusal(fn: () => unknown): { status: number; body: unknown } {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, body: error.body };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('Accept negotiation', () => {
  it('tries types by q, then specificity, as PostgREST (wai parseHttpAccept) does', () => {
    expect(negotiate('text/csv;q=0.5, application/json')).toEqual({ single: false, stripNulls: false });
    expect(negotiate('*/*, application/vnd.pgrst.object+json')).toEqual({ single: true, stripNulls: false });
    expect(negotiate('application/json;q=0.1, application/vnd.pgrst.object+json')).toMatchObject({
      single: true,
    });
  });

  it('refuses CSV preferred to JSON, instead of answering JSON', () => {
    expect(refusal(() => negotiate('text/csv, application/json'))).toEqual({
      status: 406,
      body: {
        code: 'PGRST107',
        details: null,
        hint: null,
        message: 'None of these media types are available: text/csv, application/json',
      },
    });
    expect(negotiate('application/json, text/csv')).toEqual({ single: false, stripNulls: false });
  });
});

describe('Prefer', () => {
  it('reads handling and max-affected from supabase-js’s appended values', () => {
    const prefs = parsePrefer(requestWith('return=representation, handling=strict, max-affected=3'));
    expect(prefs).toMatchObject({ return: 'representation', handling: 'strict', maxAffected: 3 });
    expect(appliedPreferences(prefs, ['return', 'maxAffected'])).toBe(
      'return=representation, handling=strict, max-affected=3',
    );
    // Not where it does not apply, and not when lenient.
    expect(appliedPreferences(prefs, ['return'])).toBe('return=representation, handling=strict');
    const lenient = parsePrefer(requestWith(['handling=lenient', 'max-affected=3', 'nonsense']));
    expect(appliedPreferences(lenient, ['maxAffected'])).toBe('handling=lenient');
  });

  it('refuses unknown preferences under handling=strict with PGRST122', () => {
    expect(refusal(() => parsePrefer(requestWith('handling=strict, count=exact, wat, return=all')))).toEqual({
      status: 400,
      body: {
        code: 'PGRST122',
        details: 'Invalid preferences: wat, return=all',
        hint: null,
        message: 'Invalid preferences given with handling=strict',
      },
    });
  });
});
