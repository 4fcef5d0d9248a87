/**
 * Starts something that takes a while to start (a Realtime channel behind a dynamic import) and hands back
 * its stop at once, as a React effect's cleanup needs: stopped before the start finishes, it stops what
 * started as soon as it has. A start that fails is dropped: live changes add to a page that was already
 * read, so the page still works without them.
 */
export function startStoppable(start: () => Promise<() => void>): () => void {
  let stop: (() => void) | undefined;
  let ended = false;
  start().then(
    (stopIt) => (ended ? stopIt() : (stop = stopIt)),
    () => undefined,
  );
  return () => {
    ended = true;
    stop?.();
  };
}
