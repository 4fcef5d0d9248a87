// When `npm start` rebuilds the site: changes that arrive together (an editor saving a file in several
// writes, an admin saving a departure and its poll noticing) make one build; never two builds at once; a
// change that arrives during a build makes exactly one more build after it, with every reason it gathered.

/**
 * @param {{ build: (reasons: string[]) => Promise<void>, debounceMs?: number }} options
 *   build: one build for the reasons given; it reports its own failure (a rejection is logged, not thrown)
 * @returns {{ request: (reason: string) => void, idle: () => Promise<void>, stop: () => void }}
 *   request: asks for a build; idle: resolves once nothing is waiting or building; stop: drops what waits
 */
export function createRebuildQueue({ build, debounceMs = 300 }) {
  /** @type {Set<string>} */
  let reasons = new Set();
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  /** @type {Promise<void> | null} */
  let building = null;
  let stopped = false;
  /** @type {(() => void)[]} */
  let idleWaiters = [];

  function settleIfIdle() {
    if (timer !== null || building !== null || reasons.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function schedule() {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(fire, debounceMs);
  }

  function fire() {
    timer = null;
    if (stopped || building !== null || reasons.size === 0) return settleIfIdle();
    const batch = [...reasons];
    reasons = new Set();
    building = build(batch)
      .catch((error) =>
        console.error(`[start] rebuild failed: ${error instanceof Error ? error.message : error}`),
      )
      .finally(() => {
        building = null;
        if (!stopped && reasons.size > 0) schedule();
        else settleIfIdle();
      });
  }

  return {
    request(reason) {
      if (stopped) return;
      reasons.add(reason);
      // During a build the reason waits; the build's end schedules the next one.
      if (building === null) schedule();
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIfIdle();
      });
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      reasons.clear();
      settleIfIdle();
    },
  };
}
