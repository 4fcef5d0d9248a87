import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt, type JwtClaims } from '../../src/jwt.ts';
import type { Database } from '../../src/db/types.ts';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { GENERATORS, type Family, type FuzzRequest, type FuzzWorld } from './generate.ts';
import { NEAR_BASE_KINDS, nearValidBase } from './near-valid/index.ts';
import { Random } from './random.ts';

/**
 * A bounded, seeded fuzz run: a few thousand malformed or hostile requests at every route family, each of
 * which must get a 4xx (or a success that changes nothing) in the hosted service's error shape — never a 500,
 * a dropped connection or a hang — and the tables callers may not write must be exactly as before.
 * Replay another run with FUZZ_SEED=<n>.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const COUNTS: Record<Family, number> = {
  'rest-read': 1100,
  'rest-write': 650,
  'rest-rpc': 200,
  'rest-near': 800,
  auth: 500,
  storage: 500,
  mail: 120,
  gateway: 60,
};
/** Requests in flight at once: enough to interleave transactions, few enough for a busy 2-core machine. */
const CONCURRENCY = 6;
/** After this, no new request is started: the run stays bounded on a slow machine (it reports the shortfall). */
const SEND_BUDGET_MS = 40_000;
const REQUEST_TIMEOUT_MS = 10_000;

const TRACKED_TABLES = [
  'public.events',
  'public.profiles',
  'public.bookings',
  'public.booking_installments',
  'storage.objects',
];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** Sends the raw target as is (fetch would normalise `..` and encode what the fuzzer wants sent raw). */
function send(baseUrl: string, fuzz: FuzzRequest): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  // Node sends a GET or DELETE body unframed unless its length is declared.
  const headers =
    fuzz.body === undefined
      ? fuzz.headers
      : { ...fuzz.headers, 'content-length': String(Buffer.byteLength(fuzz.body)) };
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: hostname, port, method: fuzz.method, path: fuzz.target, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () =>
      req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)),
    );
    req.on('error', reject);
    req.end(fuzz.body);
  });
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';

type Shape = 'rest' | 'auth' | 'storage' | 'mail' | 'gateway';

/** The API that answers a target: URL parsing resolves `..`, so `/rest/v1/..` is the gateway's to answer. */
function shapeFor(fuzz: FuzzRequest): Shape {
  // The mailbox has an origin of its own (see mailBase).
  if (fuzz.family === 'mail') return 'mail';
  const path = URL.parse(fuzz.target, 'http://localhost')?.pathname ?? '';
  const prefixes: [string, Shape][] = [
    ['/rest/v1', 'rest'],
    ['/auth/v1', 'auth'],
    ['/storage/v1', 'storage'],
  ];
  return prefixes.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? 'gateway';
}

/** The gateway's own refusal of a missing or unknown key (Kong key-auth), in front of every service. */
function isKeyRefusal(answer: Answer, body: Json): boolean {
  return (
    answer.status === 401 &&
    Object.keys(body).sort().join(',') === 'hint,message' &&
    (body.message === 'No API key found in request' || body.message === 'Invalid API key')
  );
}

/** What is wrong with an error body for its API, or undefined when it has the hosted service's shape. */
function shapeProblem(fuzz: FuzzRequest, answer: Answer, body: unknown): string | undefined {
  if (!isObject(body)) return 'error body is not a JSON object';
  const shape = shapeFor(fuzz);
  if (shape !== 'mail' && isKeyRefusal(answer, body)) return undefined;
  switch (shape) {
    case 'rest': {
      const keys = Object.keys(body).sort().join(',');
      const ok =
        keys === 'code,details,hint,message' &&
        typeof body.code === 'string' &&
        typeof body.message === 'string' &&
        isStringOrNull(body.details) &&
        isStringOrNull(body.hint);
      return ok ? undefined : 'not PostgREST {code, details, hint, message}';
    }
    case 'auth': {
      const versioned = answer.headers['x-supabase-api-version'] !== undefined;
      const ok = versioned
        ? typeof body.code === 'string' && typeof body.message === 'string'
        : typeof body.code === 'number' &&
          typeof body.error_code === 'string' &&
          typeof body.msg === 'string';
      const codeHeader = answer.headers['x-sb-error-code'] === (versioned ? body.code : body.error_code);
      return ok && codeHeader ? undefined : 'not GoTrue {code, message} / {code, error_code, msg}';
    }
    case 'storage': {
      const ok =
        answer.status === 400 &&
        typeof body.statusCode === 'string' &&
        /^[1-5]\d\d$/.test(body.statusCode) &&
        typeof body.code === 'string' &&
        typeof body.error === 'string' &&
        typeof body.message === 'string';
      return ok ? undefined : 'not Storage 400 {statusCode, code, error, message}';
    }
    case 'mail':
      return typeof body.message === 'string' ? undefined : 'no message';
    case 'gateway':
      return typeof body.message === 'string' ? undefined : 'no message';
  }
}

/**
 * A body its Content-Type misdescribes: a JSON type (application/json, …+json) must parse as JSON, and CSV
 * must not be JSON (the REST API once answered a JSON array labelled text/csv); a body needs a type.
 */
function contentTypeProblem(fuzz: FuzzRequest, answer: Answer): string | undefined {
  if (fuzz.method === 'HEAD' || answer.text === '') return undefined;
  const raw = answer.headers['content-type'];
  const type = ((Array.isArray(raw) ? raw[0] : raw) ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === '') return `a body without a Content-Type: ${answer.text.slice(0, 200)}`;
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      JSON.parse(answer.text);
    } catch {
      return `a ${type} body that is not JSON: ${answer.text.slice(0, 200)}`;
    }
  }
  if (type === 'text/csv' && /^\s*[[{]/.test(answer.text)) {
    return `a text/csv body that is JSON: ${answer.text.slice(0, 200)}`;
  }
  return undefined;
}

/** Everything wrong with one answer: a 5xx, a body its type misdescribes, an error not in the service's JSON. */
function problemsOf(fuzz: FuzzRequest, answer: Answer): string | undefined {
  if (answer.status >= 500) return `status ${answer.status}: ${answer.text.slice(0, 300)}`;
  const typeProblem = contentTypeProblem(fuzz, answer);
  if (typeProblem) return `status ${answer.status}, ${typeProblem}`;
  if (answer.status < 400 || fuzz.method === 'HEAD') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `status ${answer.status} without a JSON body: ${answer.text.slice(0, 200)}`;
  }
  const problem = shapeProblem(fuzz, answer, body);
  return problem && `status ${answer.status}, ${problem}: ${answer.text.slice(0, 300)}`;
}

/** Row count and an order-independent digest of each table's rows, read as the superuser. */
async function snapshot(db: Database): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of TRACKED_TABLES) {
    const { rows } = await db.query<{ rows: number; digest: string }>(
      `select count(*)::int as rows, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest
         from ${table} t`,
    );
    result[table] = `${rows[0]?.rows} rows, ${rows[0]?.digest}`;
  }
  return result;
}

/**
 * Whether the database itself answered: a success, or an error whose code is a SQLSTATE (22P02, 42883, …)
 * rather than one of PostgREST's own PGRSTxxx codes, which its parsers and planner give before any SQL runs.
 */
function reachedDatabase(answer: Answer): boolean {
  if (answer.status >= 200 && answer.status < 300) return true;
  try {
    const body = JSON.parse(answer.text) as unknown;
    return isObject(body) && typeof body.code === 'string' && /^[0-9A-Z]{5}$/.test(body.code);
  } catch {
    return false;
  }
}

/** Describes a request compactly enough to replay it by hand. */
function describeRequest(fuzz: FuzzRequest): string {
  const body = fuzz.body === undefined ? '' : ` body=${JSON.stringify(String(fuzz.body).slice(0, 200))}`;
  return `${fuzz.method} ${fuzz.target.slice(0, 400)} headers=${JSON.stringify(fuzz.headers).slice(0, 300)}${body}`;
}

describe('API fuzz: malformed and hostile requests get 4xx in the service shape and change nothing', () => {
  let stack: TestStack;
  let world: FuzzWorld;

  beforeAll(async () => {
    // The run signs in and verifies far more often than a person could; limits are tested elsewhere.
    const many = 1_000_000;
    stack = await startTestStack({
      toml: {
        auth: {
          rate_limit: {
            sign_in_sign_ups: many,
            token_refresh: many,
            token_verifications: many,
            email_sent: many,
          },
        },
      },
    });
    const response = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@example.com', password: 'password123' }),
    });
    const session = (await response.json()) as { access_token: string; user: { id: string } };
    const secret = stack.config.jwtSecret;
    const hour = 3600;
    // Claims no real caller has, some of them ill-typed on purpose (a number or an array for the role).
    const forged: Record<string, unknown>[] = [
      { role: 'postgres' },
      { role: 'authenticator' },
      { role: 'pg_read_server_files', sub: session.user.id },
      { role: '' },
      { role: 123 },
      { role: ['anon'] },
      { role: 'anon; reset role' },
      { role: 'authenticated' },
      { role: 'authenticated', sub: 'not-a-uuid' },
      { role: 'authenticated', sub: session.user.id, session_id: 'not-a-uuid' },
      { role: 'authenticated', sub: session.user.id, session_id: '00000000-0000-4000-8000-000000000000' },
      { role: 'authenticated', sub: '00000000-0000-4000-8000-000000000000' },
      { role: 'authenticated', sub: { id: session.user.id } },
    ];
    world = {
      anonKey: stack.anonKey,
      memberToken: session.access_token,
      memberId: session.user.id,
      forgedTokens: [
        ...(await Promise.all(forged.map((claims) => signJwt(claims as JwtClaims, secret, hour)))),
        await signJwt({ role: 'authenticated', sub: session.user.id, exp: 1 }, secret),
      ],
    };
  });

  afterAll(async () => {
    agent.destroy();
    await stack?.close();
  });

  it('answers each nearly-valid base request (before its mutation) with 2xx', async () => {
    // A few variants of every kind, so the fuzz run's mutations really start from valid requests.
    const rng = new Random(SEED);
    const refused: string[] = [];
    for (const kind of NEAR_BASE_KINDS) {
      for (let variant = 0; variant < 8; variant += 1) {
        const base = nearValidBase(kind, rng, world);
        const answer = await send(stack.url, base);
        if (answer.status < 200 || answer.status >= 300) {
          refused.push(
            `${base.label}: ${answer.status} ${answer.text.slice(0, 300)}\n    ${describeRequest(base)}`,
          );
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it(`answers every request below 500, in the service's shape, and writes nothing (seed ${SEED})`, async () => {
    expect(world.memberToken).toMatch(/^ey/);
    const rng = new Random(SEED);
    const requests = (Object.entries(COUNTS) as [Family, number][]).flatMap(([family, count]) =>
      Array.from({ length: count }, () => GENERATORS[family](rng, world)),
    );
    // Shuffled with the same seed, so families interleave as real traffic does.
    for (let i = requests.length - 1; i > 0; i -= 1) {
      const j = rng.int(0, i);
      [requests[i], requests[j]] = [requests[j] as FuzzRequest, requests[i] as FuzzRequest];
    }

    const before = await snapshot(stack.db);
    const statuses = new Map<Family, Map<number, number>>();
    const failures: string[] = [];
    const started = Date.now();
    let next = 0;
    let sent = 0;
    let nearSent = 0;
    let nearReached = 0;
    const worker = async () => {
      while (next < requests.length && Date.now() - started < SEND_BUDGET_MS) {
        const fuzz = requests[next++] as FuzzRequest;
        sent += 1;
        let problem: string | undefined;
        let status = 0;
        try {
          const answer = await send(fuzz.family === 'mail' ? (stack.mailUrl ?? '') : stack.url, fuzz);
          status = answer.status;
          problem = problemsOf(fuzz, answer);
          if (fuzz.family === 'rest-near') {
            nearSent += 1;
            if (reachedDatabase(answer)) nearReached += 1;
          }
        } catch (error) {
          problem = `no answer: ${(error as Error).message}`;
        }
        const counts = statuses.get(fuzz.family) ?? new Map<number, number>();
        counts.set(status, (counts.get(status) ?? 0) + 1);
        statuses.set(fuzz.family, counts);
        const family = fuzz.label === undefined ? fuzz.family : `${fuzz.family} ${fuzz.label}`;
        if (problem) failures.push(`[${family}] ${problem}\n    ${describeRequest(fuzz)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const elapsed = Date.now() - started;

    const lines = [...statuses].map(([family, counts]) => {
      const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
      const seen = [...counts]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status || 'none'}×${count}`)
        .join(' ');
      return `  ${family.padEnd(10)} ${String(total).padStart(5)}  ${seen}`;
    });
    console.log(
      `API fuzz, seed ${SEED}: ${sent} of ${requests.length} requests in ${elapsed} ms, ` +
        `${failures.length} problem(s)\n${lines.join('\n')}\n` +
        `  rest-near answers from the database (2xx or a SQLSTATE): ${nearReached} of ${nearSent} ` +
        `(${Math.round((100 * nearReached) / Math.max(1, nearSent))}%)`,
    );

    // The stack still serves, and nothing the fuzzer may not write has changed.
    const health = await fetch(`${stack.url}/rest/v1/events?select=id&limit=1`, {
      headers: { apikey: stack.anonKey },
    });
    expect(health.status).toBe(200);
    expect(await snapshot(stack.db)).toEqual(before);
    expect(failures.slice(0, 25)).toEqual([]);
    // On a machine too slow for the whole run, at least most of it must have happened.
    expect(sent).toBeGreaterThan(requests.length / 2);
    // The nearly-valid family exists to get past the parsers: most of it must reach Postgres.
    expect(nearSent).toBeGreaterThan(0);
    expect(nearReached).toBeGreaterThanOrEqual(nearSent / 2);
  });
});
