import { afterEach, beforeEach, expect, it } from 'vitest';
import { runScenarios } from './scenarios.ts';
import { startHarness, type Harness } from './sdk-helpers.ts';

// The scenarios check-account.ts runs against a company's Stripe test mode pass against the stand-in too:
// the two agree on what our card payments use (decision 0084).
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

it('passes every scenario the account check runs', async () => {
  const results = await runScenarios(h.stripe, 'stand-in');
  expect(results.length).toBeGreaterThanOrEqual(5);
  expect(results.filter((result) => !result.ok)).toEqual([]);
});
