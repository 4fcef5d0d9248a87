import type { TestStack } from '../start-test-stack.ts';

/**
 * Events and their comments embedded in each other, `pairs` times over: the answer doubles with every
 * pair, so 20 pairs would take minutes and gigabytes if nothing bounded the statement.
 */
export function nestedEmbedSelect(pairs: number): string {
  let select = '*';
  for (let pair = 0; pair < pairs; pair += 1) select = `*,comments(*,events(${select}))`;
  return select;
}

export const NESTED_EMBED_ATTACK = `events?select=${nestedEmbedSelect(20)}`;
export const SIMPLE_READ = 'events?select=id&limit=1';

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
