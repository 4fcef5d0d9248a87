import { describe, expect, it, vi } from 'vitest';
import { startStoppable } from './stoppable';

/** A start whose finish the test decides. */
function deferredStart() {
  const stopIt = vi.fn();
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const started = new Promise<() => void>((resolve, reject) => {
    finish = () => resolve(stopIt);
    fail = reject;
  });
  return { start: () => started, stopIt, finish, fail, started };
}

describe('startStoppable', () => {
  it('stops what started when asked after the start finished', async () => {
    const run = deferredStart();
    const stop = startStoppable(run.start);
    run.finish();
    await run.started;
    expect(run.stopIt).not.toHaveBeenCalled();
    stop();
    expect(run.stopIt).toHaveBeenCalledOnce();
  });

  it('stops what starts later when asked before the start finished', async () => {
    const run = deferredStart();
    const stop = startStoppable(run.start);
    stop();
    expect(run.stopIt).not.toHaveBeenCalled();
    run.finish();
    await run.started;
    await Promise.resolve();
    expect(run.stopIt).toHaveBeenCalledOnce();
  });

  it('drops a start that fails, and stopping it afterwards is harmless', async () => {
    const run = deferredStart();
    const stop = startStoppable(run.start);
    run.fail(new Error('offline'));
    await run.started.catch(() => undefined);
    expect(() => stop()).not.toThrow();
    expect(run.stopIt).not.toHaveBeenCalled();
  });
});
