import { describe, expect, it } from 'vitest';
import { FairQueue, runAsClient } from '../../src/db/fair-queue.ts';

/** A unit that records when it starts and finishes when `release` is called. */
function gate() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FairQueue', () => {
  it('serves clients in turns, so a burst from one waits behind itself', async () => {
    const queue = new FairQueue(1);
    const order: string[] = [];
    const first = gate();
    const unit = (name: string, wait: Promise<void> = Promise.resolve()) =>
      queue.run(async () => {
        order.push(name);
        await wait;
      });
    const all = [
      runAsClient('attacker', () => unit('a1', first.done)),
      ...['a2', 'a3', 'a4'].map((name) => runAsClient('attacker', () => unit(name))),
      runAsClient('member', () => unit('m1')),
      unit('stack1'),
    ];
    await tick();
    expect(queue.waiting('attacker')).toBe(3);
    expect(queue.waiting()).toBe(5);
    first.release();
    await Promise.all(all);
    // The member and the stack's own work come right after the unit that was running, not after the burst.
    expect(order).toEqual(['a1', 'm1', 'stack1', 'a2', 'a3', 'a4']);
  });

  it('lets one client hold at most its share of several connections', async () => {
    const queue = new FairQueue(4, 2);
    const running = new Set<string>();
    const gates = new Map<string, ReturnType<typeof gate>>();
    const unit = (client: string, name: string) =>
      runAsClient(client, () =>
        queue.run(async () => {
          running.add(name);
          const held = gate();
          gates.set(name, held);
          await held.done;
          running.delete(name);
        }),
      );
    const all = ['a1', 'a2', 'a3', 'a4'].map((name) => unit('attacker', name));
    all.push(unit('member', 'm1'));
    await tick();
    expect([...running].sort()).toEqual(['a1', 'a2', 'm1']);
    gates.get('a1')?.release();
    await tick();
    expect([...running].sort()).toEqual(['a2', 'a3', 'm1']);
    for (const name of ['a2', 'a3', 'm1']) gates.get(name)?.release();
    await tick();
    gates.get('a4')?.release();
    await Promise.all(all);
  });

  it('passes a unit’s failure to its caller and goes on with the next', async () => {
    const queue = new FairQueue(1);
    const failed = queue.run(() => Promise.reject(new Error('no')));
    const next = queue.run(() => Promise.resolve(42));
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe(42);
  });
});
