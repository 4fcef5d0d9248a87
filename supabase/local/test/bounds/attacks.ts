import type { TestStack } from '../start-test-stack.ts';

/**
 * Events and their comments embedded in each other, `pairs` times over: the answer doubles with every
 * pair, so 20 pairs would take minutes and gigabytes if nothing bounded the statement. The select parser
 * now refuses more than 4 pairs (decision 0057).
 */
export function nestedEmbedSelect(pairs: number): string {
  let select = '*';
  for (let pair = 0; pair < pairs; pair += 1) select = `*,comments(*,events(${select}))`;
  return select;
}

export const SIMPLE_READ = 'events?select=id&limit=1';

/**
 * A read that runs until its timeout stops it: `rpc/bounds_nap?seconds=30`, a function the test's own
 * database gets from createNap (the parser refuses the runaway embeds that served before).
 */
export const RUNAWAY_READ = 'rpc/bounds_nap?seconds=30';

/** Creates public.bounds_nap(seconds), which anyone may call; it sleeps, then answers 1. */
export async function createNap(stack: TestStack): Promise<void> {
  await stack.db.exec(`
    create function public.bounds_nap(seconds double precision) returns integer
      language sql stable as 'select 1 from pg_sleep(seconds)';
    grant execute on function public.bounds_nap(double precision) to anon, authenticated;`);
}

/**
 * Lowers a role's statement_timeout for this database only (ALTER ROLE … IN DATABASE), the same role
 * setting the stack applies per request, so tests wait less and other databases of the cluster are untouched.
 */
export async function setRoleTimeout(stack: TestStack, role: string, timeout: string): Promise<void> {
  await stack.db.exec(`do $$ begin
    execute format('alter role ${role} in database %I set statement_timeout = %L', current_database(), '${timeout}');
  end $$`);
}

export interface Answer {
  status: number;
  body: unknown;
  /** When the answer arrived, in ms since the performance time origin (for ordering, not for budgets). */
  at: number;
}

export async function get(stack: TestStack, pathAndQuery: string): Promise<Answer> {
  const response = await fetch(`${stack.url}/${pathAndQuery}`, { headers: { apikey: stack.anonKey } });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, at: performance.now() };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
