import type { IncomingMessage } from 'node:http';
import type { StackConfig } from '../config.ts';
import { clientAddress, HttpError } from '../http.ts';
import { bearerToken, verifyJwt } from '../jwt.ts';

/**
 * Requests one client may have open at once at /rest/v1, /auth/v1 and /storage/v1 (decision 0057): a page
 * of the app sends a handful at a time; past this the gateway answers 503 at once.
 */
export const MAX_OPEN_REQUESTS_PER_CLIENT = 16;

/** What the 503 asks the client to wait, in seconds; supabase-js retries a read after it. */
export const RETRY_AFTER_SECONDS = 1;

export interface Client {
  /** Names the client's line in the database's queue (db/fair-queue.ts). */
  key: string;
  /** Whether MAX_OPEN_REQUESTS_PER_CLIENT applies: not to the service_role key, which is the operator's. */
  capped: boolean;
}

/**
 * Who is asking, for taking turns: a signed-in member is their JWT's `sub`, however many tabs, sessions or
 * addresses they use; the service_role key is the operator; anyone else (the anon key, a token that does
 * not verify: the API refuses it anyway) is their address, which is what X-Forwarded-For carries locally.
 * Locally every browser is 127.0.0.1, so all signed-out visitors share one line; signed-in members each
 * have their own.
 */
export async function identifyClient(req: IncomingMessage, url: URL, config: StackConfig): Promise<Client> {
  const token = bearerToken(req, url);
  if (token) {
    try {
      const claims = await verifyJwt(token, config.jwtSecret);
      if (claims.role === 'service_role') return { key: 'service_role', capped: false };
      if (typeof claims.sub === 'string' && claims.sub !== '')
        return { key: `user:${claims.sub}`, capped: true };
    } catch {
      // Not a valid token: the service behind refuses it; until then it is its address's.
    }
  }
  return { key: `address:${clientAddress(req)}`, capped: true };
}

/** The gateway's answer past the cap, in its own shape (`message`, `hint`), as its other refusals. */
export function tooManyRequests(): HttpError {
  return new HttpError(
    503,
    {
      message: 'Too many requests at once. Please wait a moment and try again.',
      hint: `At most ${MAX_OPEN_REQUESTS_PER_CLIENT} requests from one client are served at a time.`,
    },
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  );
}

/** Counts each client's open requests; one past the cap is refused before any service sees it. */
export class OpenRequests {
  private readonly open = new Map<string, number>();
  private readonly cap: number;

  constructor(cap = MAX_OPEN_REQUESTS_PER_CLIENT) {
    this.cap = cap;
  }

  /** Counts a request in; throws the 503 past the cap. Returns the function that counts it out. */
  admit(client: Client): () => void {
    const count = this.open.get(client.key) ?? 0;
    if (client.capped && count >= this.cap) throw tooManyRequests();
    this.open.set(client.key, count + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.open.get(client.key) ?? 1) - 1;
      if (left === 0) this.open.delete(client.key);
      else this.open.set(client.key, left);
    };
  }
}
