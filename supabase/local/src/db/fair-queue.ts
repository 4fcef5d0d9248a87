import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who the database work of this moment is for: the gateway names the client of each request
 * (gateway/client.ts) and everything that request runs, however deep, carries it. Work outside any request
 * (migrations, the outbox, Realtime's feed) belongs to the stack itself.
 */
const currentClient = new AsyncLocalStorage<string>();

export const STACK_CLIENT = 'stack';

/** Runs fn (and everything it starts) as work for `client`. */
export function runAsClient<T>(client: string, fn: () => T): T {
  return currentClient.run(client, fn);
}

export function clientNow(): string {
  return currentClient.getStore() ?? STACK_CLIENT;
}

interface Task {
  run(): void;
}

interface ClientLine {
  waiting: Task[];
  running: number;
  /** When it was last given a connection (a count of turns); -1: not yet. */
  servedAt: number;
}

/**
 * The database's turns, shared fairly: each client waits in its own line, and a free connection goes to the
 * client with work waiting that was served longest ago (round-robin; a new client first) and holds fewer than
 * `perClient` connections. One client's burst therefore waits behind itself; another client's request waits
 * for at most the units already running. Decision 0057.
 */
export class FairQueue {
  private readonly lines = new Map<string, ClientLine>();
  /** Clients with work waiting, in the order they came (which breaks ties between never-served clients). */
  private readonly turns: string[] = [];
  private running = 0;
  private served = 0;
  private readonly slots: number;
  private readonly perClient: number;

  // No parameter properties: scripts/gen-db-types.mjs runs the database files with Node's type stripping.
  /** `slots`: connections there are; `perClient`: how many of them one client may hold at once. */
  constructor(slots: number, perClient = slots) {
    this.slots = slots;
    this.perClient = Math.min(perClient, slots);
  }

  /** Runs fn when it is its client's turn; the client is the one of the request that calls. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const client = clientNow();
    return new Promise<T>((resolve, reject) => {
      let line = this.lines.get(client);
      if (!line) {
        line = { waiting: [], running: 0, servedAt: -1 };
        this.lines.set(client, line);
      }
      const held = line;
      held.waiting.push({
        run: () => {
          held.running += 1;
          this.running += 1;
          fn()
            .then(resolve, reject)
            .finally(() => {
              held.running -= 1;
              this.running -= 1;
              if (held.running === 0 && held.waiting.length === 0) this.lines.delete(client);
              this.next();
            });
        },
      });
      if (!this.turns.includes(client)) this.turns.push(client);
      this.next();
    });
  }

  /** Units waiting for a turn, of one client or of all. */
  waiting(client?: string): number {
    if (client !== undefined) return this.lines.get(client)?.waiting.length ?? 0;
    let total = 0;
    for (const line of this.lines.values()) total += line.waiting.length;
    return total;
  }

  private next(): void {
    while (this.running < this.slots) {
      let index = -1;
      let line: ClientLine | undefined;
      this.turns.forEach((client, i) => {
        const candidate = this.lines.get(client);
        if (!candidate || candidate.running >= this.perClient) return;
        if (!line || candidate.servedAt < line.servedAt) {
          index = i;
          line = candidate;
        }
      });
      if (!line) return;
      const [client] = this.turns.splice(index, 1) as [string];
      const task = line.waiting.shift() as Task;
      line.servedAt = this.served++;
      if (line.waiting.length > 0) this.turns.push(client);
      task.run();
    }
  }
}
