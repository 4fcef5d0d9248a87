// The canonical catalogue that decides whether supabase/schemas equals the migrations (PostgreSQL only, as
// schema-matches-migrations.test.ts explains): what it treats as equal, and that it names what differs.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogue } from '../../../scripts/db/catalogue.ts';
import { compareCatalogues } from '../../../scripts/db/compare.ts';
import { createFreshPostgres, type FreshDatabase } from '../../local/test/fresh-postgres.ts';

let left: FreshDatabase;
let right: FreshDatabase;

async function run(database: FreshDatabase, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function differingKeys(): Promise<string[]> {
  const [a, b] = await Promise.all([readCatalogue(left.url), readCatalogue(right.url)]);
  return compareCatalogues(a, b).map((difference) => difference.key);
}

beforeAll(async () => {
  [left, right] = await Promise.all([
    createFreshPostgres('catalogue_left'),
    createFreshPostgres('catalogue_right'),
  ]);
});
afterAll(async () => {
  await Promise.all([left?.drop(), right?.drop()]);
});

describe('the canonical catalogue', () => {
  // Two roles every PostgreSQL has, granted in opposite orders (the ACL lists grantees in grant order).
  it('ignores the order of grants and a grant back to the default', async () => {
    await run(
      left,
      `create table public.notes (body text); grant select on public.notes to pg_monitor;
      grant update (body) on public.notes to public; grant insert on public.notes to pg_read_all_stats;`,
    );
    await run(
      right,
      `create table public.notes (body text); grant insert on public.notes to pg_read_all_stats;
      grant update (body) on public.notes to public; grant select on public.notes to pg_monitor;
      create function public.one() returns int language sql as 'select 1';
      revoke all on function public.one() from public; grant execute on function public.one() to public;`,
    );
    await run(left, `create function public.one() returns int language sql as 'select 1';`);
    expect(await differingKeys()).toEqual([]);
  });

  it('names a changed function body, column default, policy and row', async () => {
    await run(
      left,
      `create or replace function public.one() returns int language sql as 'select 1';
      alter table public.notes add column at int default 1; insert into public.notes (body) values ('a');
      alter table public.notes enable row level security;
      create policy notes_select_all on public.notes for select using (true);`,
    );
    await run(
      right,
      `create or replace function public.one() returns int language sql as 'select 2';
      alter table public.notes add column at int default 2; insert into public.notes (body) values ('b');
      alter table public.notes enable row level security;
      create policy notes_select_all on public.notes for select using (body <> '');`,
    );
    expect(await differingKeys()).toEqual([
      'function public.one()',
      'policy public.notes.notes_select_all',
      'rows public.notes',
      'table public.notes',
    ]);
  });
});
