import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BYSTANDER_READ_UNDER_ATTACK_P95_MS } from '../../../../scripts/budgets/limits.mjs';
import { BURST_ATTACKS, sendBurst, signInBystander, type BurstTarget } from '../../bench/attack.ts';
import { startTestStack, type TestStack } from '../start-test-stack.ts';

/** bench:attack's bursts in short form (6 at once), held to the bystander's budget. */
describe.each(['pglite', 'postgres'] as const)('a bystander under attack on %s', (database) => {
  let stack: TestStack;
  let target: BurstTarget;
  beforeAll(async () => {
    stack = await startTestStack({ database });
    target = {
      url: stack.url,
      anonKey: stack.anonKey,
      bystanderToken: await signInBystander(stack.url, stack.anonKey),
    };
  });
  afterAll(async () => {
    await stack?.close();
  });

  it.each(BURST_ATTACKS.map((attack) => [attack.name, attack.path]))(
    `reads within ${BYSTANDER_READ_UNDER_ATTACK_P95_MS} ms (p95) while one client sends 6 × %s`,
    async (_name, path) => {
      const result = await sendBurst(target, path, 6);
      expect(result.readsFailed).toBe(0);
      expect(result.answers.failed).toBeUndefined();
      expect(result.readsP95Ms).toBeLessThanOrEqual(BYSTANDER_READ_UNDER_ATTACK_P95_MS);
    },
  );
});
