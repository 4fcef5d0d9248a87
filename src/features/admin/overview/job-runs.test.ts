import { describe, expect, it } from 'vitest';
import { errorMessage, jobPurpose, OUTCOME_LABELS, runOutcome } from './job-runs';

describe('the overview’s scheduled jobs', () => {
  it('says what the migrations’ jobs do, and names any other job as it is', () => {
    expect(jobPurpose('send-mail-sweep')).toBe('Sends queued e-mail (every minute)');
    expect(jobPurpose('nightly-report')).toBe('nightly-report');
  });

  it('reads pg_cron’s statuses as four outcomes', () => {
    expect(['succeeded', 'failed', 'running', 'starting', null].map(runOutcome)).toEqual([
      'succeeded',
      'failed',
      'running',
      'running',
      'never',
    ]);
    expect(OUTCOME_LABELS[runOutcome(null)]).toBe('Not run yet');
  });

  it('keeps the message of pg_cron’s error, without its prefix', () => {
    expect(errorMessage('ERROR:  relation "x" does not exist')).toBe('relation "x" does not exist');
    expect(errorMessage('')).toBeNull();
    expect(errorMessage(null)).toBeNull();
  });
});
