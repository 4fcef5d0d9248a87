import type { Queryable } from '../../supabase/local/src/db/types.ts';

/** The size of the benchmark's events page (issue 9: 20 events × 50 comments × 5 replies × 5 reactions). */
export interface BenchScale {
  events: number;
  /** Comments per event. */
  comments: number;
  /** Replies per comment. */
  replies: number;
  /** Reactions of each type per event, and hearts per comment and per reply, each from another member. */
  reactions: number;
  /** Members who write and react (the signed-in member is one of them). */
  members: number;
}

export const DEFAULT_SCALE: BenchScale = { events: 20, comments: 50, replies: 5, reactions: 5, members: 50 };

/** Rows the seed writes for `scale` (events' reactions: one set per reaction type, five types). */
export function seededRows(scale: BenchScale) {
  const comments = scale.events * scale.comments;
  const replies = comments * scale.replies;
  return {
    events: scale.events,
    comments,
    replies,
    reactions: scale.events * 5 * scale.reactions,
    hearts: (comments + replies) * scale.reactions,
  };
}

/** Members are named so that they sort in a known order; the signed-in member is the first. */
export const BENCH_MEMBER_PREFIX = 'Bench Member ';
export const benchMemberName = (index: number) => `${BENCH_MEMBER_PREFIX}${String(index).padStart(4, '0')}`;

/** Members 1..n-1 straight into auth.users (no password: they never sign in); the trigger makes profiles. */
export async function insertQuietMembers(db: Queryable, count: number): Promise<void> {
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, recovery_token, email_change_token_new, email_change,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       'bench-' || i || '@example.com', '', now(), '', '', '', '',
       '{"provider": "email", "providers": ["email"]}',
       jsonb_build_object('full_name', $1::text || lpad(i::text, 4, '0')), now(), now()
     from generate_series(1, $2::int - 1) as i`,
    [BENCH_MEMBER_PREFIX, count],
  );
}

/** The bench members' ids in name order, as the SQL below picks them (`m.ids[1 + k % m.n]`). */
const MEMBERS = `m as (select array_agg(id order by full_name) as ids, count(*)::int as n
  from public.profiles where full_name like '${BENCH_MEMBER_PREFIX}%')`;

/**
 * Each statement with its parameters. Events are numbered so that their order by start date is known, and
 * start after today (Australia/Sydney), so the page lists them as upcoming.
 */
const SEED_STATEMENTS: [string, (scale: BenchScale) => number[]][] = [
  [
    `insert into public.events (slug, title, location, description, status, start_date, end_date)
   select 'bench-event-' || e, 'Benchmark haunted night ' || e, 'Old Gaol, Town ' || e,
     'A night among the ghosts of town ' || e || '.', 'published',
     (now() at time zone 'Australia/Sydney')::date + e, (now() at time zone 'Australia/Sydney')::date + e + 2
   from generate_series(1, $1::int) as e`,
    (scale) => [scale.events],
  ],
  [
    `with ${MEMBERS}, ev as (select id, row_number() over (order by slug) as rn from public.events
     where slug like 'bench-event-%')
   insert into public.comments (event_id, user_id, content, created_at, updated_at)
   select ev.id, m.ids[1 + (ev.rn + c) % m.n],
     'Benchmark comment ' || c || ': who else heard the footsteps on the stairs after midnight?',
     now() - make_interval(mins => $1::int - c + 10), now() - make_interval(mins => $1::int - c + 10)
   from ev, m, generate_series(1, $1::int) as c`,
    (scale) => [scale.comments],
  ],
  // What the trigger on comments keeps (off while seeding): each event's live comments.
  [
    `insert into public.event_comment_counts (event_id, comments)
   select c.event_id, count(*)::int from public.comments c join public.events e on e.id = c.event_id
   where e.slug like 'bench-event-%' group by c.event_id`,
    () => [],
  ],
  [
    `with ${MEMBERS}, cm as (select c.id, c.event_id, c.created_at, row_number() over () as rn
     from public.comments c join public.events e on e.id = c.event_id where e.slug like 'bench-event-%')
   insert into public.comment_replies (event_id, parent_comment_id, user_id, content, created_at, updated_at)
   select cm.event_id, cm.id, m.ids[1 + (cm.rn + r * 7) % m.n],
     'Benchmark reply ' || r || ': I did, and the lantern went out.',
     cm.created_at + make_interval(secs => r), cm.created_at + make_interval(secs => r)
   from cm, m, generate_series(1, $1::int) as r`,
    (scale) => [scale.replies],
  ],
  [
    `with ${MEMBERS}, ev as (select id, row_number() over (order by slug) as rn from public.events
     where slug like 'bench-event-%')
   insert into public.reactions (user_id, event_id, reaction_type)
   select m.ids[1 + (ev.rn + k) % m.n], ev.id, t.type
   from ev, m, unnest(enum_range(null::public.reaction_type)) as t (type), generate_series(0, $1::int - 1) as k`,
    (scale) => [scale.reactions],
  ],
  [
    `with ${MEMBERS}, cm as (select c.id, row_number() over () as rn
     from public.comments c join public.events e on e.id = c.event_id where e.slug like 'bench-event-%')
   insert into public.comment_reactions (user_id, comment_id)
   select m.ids[1 + (cm.rn + k) % m.n], cm.id from cm, m, generate_series(0, $1::int - 1) as k`,
    (scale) => [scale.reactions],
  ],
  [
    `with ${MEMBERS}, rp as (select r.id, row_number() over () as rn
     from public.comment_replies r join public.events e on e.id = r.event_id where e.slug like 'bench-event-%')
   insert into public.comment_reactions (user_id, reply_id)
   select m.ids[1 + (rp.rn + k) % m.n], rp.id from rp, m, generate_series(0, $1::int - 1) as k`,
    (scale) => [scale.reactions],
  ],
  // The signed-in member (first by name) follows every third event, as a member who uses the page would.
  [
    `with ${MEMBERS}, ev as (select id, row_number() over (order by slug) as rn from public.events
     where slug like 'bench-event-%')
   insert into public.event_follows (user_id, event_id) select m.ids[1], ev.id from ev, m where ev.rn % 3 = 1`,
    () => [],
  ],
];

/**
 * Writes the benchmark's events, comments, replies, reactions, hearts and follows in one transaction. The
 * members must exist already (`members` of them, named benchMemberName). Triggers are off meanwhile
 * (session_replication_role = replica: superuser only), so per-member rules meant for people posting by
 * hand (such as a per-minute comment limit) do not refuse the seed; the rows are consistent by construction.
 */
export async function seedEvents(db: Queryable, scale: BenchScale): Promise<void> {
  await db.query('set local session_replication_role = replica');
  for (const [sql, params] of SEED_STATEMENTS) await db.query(sql, params(scale));
  await db.query('analyze');
}

/**
 * Removes the benchmark's events and everything the seed wrote for them, in the seed's transaction and as
 * quietly: with triggers off, so the local stack's Realtime capture queues no change for a page to hear
 * later (and no cascade runs: children go first, by hand).
 */
export async function removeBenchEvents(db: Queryable): Promise<void> {
  await db.query('set local session_replication_role = replica');
  const events = `(select id from public.events where slug like 'bench-event-%')`;
  for (const sql of [
    `delete from public.comment_reactions h using public.comments c
     where h.comment_id = c.id and c.event_id in ${events}`,
    `delete from public.comment_reactions h using public.comment_replies r
     where h.reply_id = r.id and r.event_id in ${events}`,
    `delete from public.comment_removals where event_id in ${events}`,
    `delete from public.reaction_removals where event_id in ${events}`,
    `delete from public.event_comment_counts where event_id in ${events}`,
    `delete from public.comment_replies where event_id in ${events}`,
    `delete from public.comments where event_id in ${events}`,
    `delete from public.reactions where event_id in ${events}`,
    `delete from public.event_follows where event_id in ${events}`,
    `delete from public.favorites where event_id in ${events}`,
    `delete from public.events where slug like 'bench-event-%'`,
  ])
    await db.query(sql);
}
