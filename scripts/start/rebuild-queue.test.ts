import { describe, expect, it } from 'vitest';
import { createRebuildQueue } from './rebuild-queue.mjs';

// `npm start` rebuilds through this queue (decision 0068): a burst of changes is one build, builds never
// overlap, and a change during a build is one more build after it, never lost.

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the rebuild queue', () => {
  it('makes one build of changes that arrive together, with every reason', async () => {
    const builds: string[][] = [];
    const queue = createRebuildQueue({ debounceMs: 30, build: async (reasons) => void builds.push(reasons) });
    queue.request('content changed');
    queue.request('a departure changed');
    queue.request('content changed');
    await queue.idle();
    expect(builds).toEqual([['content changed', 'a departure changed']]);
  });

  it('never runs two builds at once, and builds once more for what arrived during a build', async () => {
    const builds: string[][] = [];
    let running = 0;
    let most = 0;
    const first = deferred();
    const queue = createRebuildQueue({
      debounceMs: 10,
      async build(reasons) {
        running += 1;
        most = Math.max(most, running);
        builds.push(reasons);
        if (builds.length === 1) await first.promise;
        running -= 1;
      },
    });
    queue.request('one');
    await sleep(40);
    expect(builds).toEqual([['one']]);
    queue.request('two');
    queue.request('three');
    await sleep(40);
    // Still one build: the others wait for it to end.
    expect(builds).toEqual([['one']]);
    first.resolve();
    await queue.idle();
    expect(builds).toEqual([['one'], ['two', 'three']]);
    expect(most).toBe(1);
  });

  it('goes on after a build that throws', async () => {
    const builds: string[][] = [];
    const queue = createRebuildQueue({
      debounceMs: 10,
      async build(reasons) {
        builds.push(reasons);
        if (builds.length === 1) throw new Error('astro build exited 1');
      },
    });
    queue.request('broken');
    await queue.idle();
    queue.request('fixed');
    await queue.idle();
    expect(builds).toEqual([['broken'], ['fixed']]);
  });

  it('starts nothing once stopped', async () => {
    const builds: string[][] = [];
    const queue = createRebuildQueue({ debounceMs: 10, build: async (reasons) => void builds.push(reasons) });
    queue.request('before the stop');
    queue.stop();
    queue.request('after the stop');
    await sleep(40);
    await queue.idle();
    expect(builds).toEqual([]);
  });
});
