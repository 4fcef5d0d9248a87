import type { Queryable } from '../../supabase/local/src/db/types.ts';
import { BENCH_MEMBER_PREFIX } from './seed-events.ts';

/**
 * What the admin screens count, beside seedEvents' members, events and comments: a booking for every fifth
 * member (one to three travellers, an instalment paid and one due), a waitlist entry for every tenth and an
 * interest registration for every twentieth, spread over the bench events; 200 contact messages, half
 * answered; 100 flags. Triggers are off meanwhile, as in seedEvents.
 */
export async function seedAdminExtras(db: Queryable): Promise<void> {
  await db.query('set local session_replication_role = replica');
  const members = `m as (select id, full_name, row_number() over (order by full_name) as rn
    from public.profiles where full_name like '${BENCH_MEMBER_PREFIX}%')`;
  const events = `ev as (select id, title, row_number() over (order by slug) - 1 as rn, count(*) over () as n
    from public.events where slug like 'bench-event-%')`;
  await db.query(
    `with ${members}, ${events}, b as (
       insert into public.bookings (event_id, user_id, invoice_number, travellers, total_cents, deposit_cents,
         status, created_at)
       select ev.id, m.id, 'BENCH-' || m.rn, 1 + m.rn % 3, 200000, 50000,
         (case when m.rn % 25 = 0 then 'cancelled' else 'confirmed' end)::public.booking_status,
         now() - make_interval(days => (m.rn % 84)::int)
       from m join ev on ev.rn = m.rn % ev.n where m.rn % 5 = 0
       returning id, created_at)
     insert into public.booking_installments (booking_id, due_date, amount_cents, paid_at)
     select id, created_at::date, 50000, created_at from b
     union all select id, created_at::date + 60, 150000, null from b`,
  );
  await db.query(
    `with ${members}, ${events}
     insert into public.waitlist_submissions (event_name, event_id, full_name, email)
     select ev.title, ev.id, m.full_name, 'bench-wait-' || m.rn || '@example.com'
     from m join ev on ev.rn = m.rn % ev.n where m.rn % 10 = 0`,
  );
  await db.query(
    `with ${members}, ${events}
     insert into public.interest_registrations (event_name, event_id, full_name, email)
     select ev.title, ev.id, m.full_name, 'bench-interest-' || m.rn || '@example.com'
     from m join ev on ev.rn = m.rn % ev.n where m.rn % 20 = 0`,
  );
  await db.query(
    `insert into public.contact_messages (full_name, email, message, handled_at)
     select 'Enquirer ' || i, 'bench-contact-' || i || '@example.com', 'Do you run trips in winter?',
       case when i % 2 = 0 then now() end
     from generate_series(1, 200) as i`,
  );
  await db.query(
    `with ${members}, c as (select id, row_number() over (order by id) as rn from public.comments limit 100)
     insert into public.comment_flags (user_id, comment_id, reason)
     select m.id, c.id, 'Off topic' from c join m on m.rn = c.rn + 1`,
  );
  await db.query('analyze');
}
