import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { startSmtpSink } from './smtp-sink-server.ts';

export { startSmtpSink, startTlsSmtpSink } from './smtp-sink-server.ts';

/**
 * For a suite: a test stack whose mail goes to a fresh plain sink, started before its tests and closed
 * after them. `stack()` is the running stack; `messages` what the sink received.
 */
export function useStackWithSmtpSink(): { stack: () => TestStack; messages: string[] } {
  const sink = startSmtpSink();
  let stack: TestStack | undefined;
  beforeAll(async () => {
    const port = await new Promise<number>((resolve) =>
      sink.server.listen(0, '127.0.0.1', () => resolve((sink.server.address() as AddressInfo).port)),
    );
    stack = await startTestStack({ configure: (config) => (config.smtpUrl = `smtp://127.0.0.1:${port}`) });
  });
  afterAll(async () => {
    await stack?.close();
    sink.server.close();
  });
  return {
    stack: () => {
      if (!stack) throw new Error('The stack starts in beforeAll');
      return stack;
    },
    messages: sink.messages,
  };
}
