import type { Thread } from './comments';

/** Event ids per request: the `in` filter's list stays well inside a URL's length. */
const MAX_IDS = 50;

const NO_THREAD: Thread = { comments: [], total: 0 };

/**
 * Reads events' first comments together: every event asked for in the same turn of the event loop (the
 * cards that came near the screen at once, the events a burst of live changes touched) goes into one
 * request of `read`. An event the answer leaves out (no longer visible) has no comments.
 */
export function threadBatcher(
  read: (ids: string[]) => Promise<Map<string, Thread>>,
): (eventId: string) => Promise<Thread> {
  let waiting = new Map<string, { resolve: (thread: Thread) => void; reject: (error: unknown) => void }[]>();

  async function flush(batch: typeof waiting) {
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += MAX_IDS) {
      const chunk = ids.slice(start, start + MAX_IDS);
      try {
        const threads = await read(chunk);
        for (const id of chunk)
          for (const { resolve } of batch.get(id)!) resolve(threads.get(id) ?? NO_THREAD);
      } catch (error) {
        for (const id of chunk) for (const { reject } of batch.get(id)!) reject(error);
      }
    }
  }

  return (eventId) =>
    new Promise<Thread>((resolve, reject) => {
      if (waiting.size === 0)
        setTimeout(() => {
          const batch = waiting;
          waiting = new Map();
          void flush(batch);
        }, 0);
      waiting.set(eventId, [...(waiting.get(eventId) ?? []), { resolve, reject }]);
    });
}
