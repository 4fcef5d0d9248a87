import type { Queryable } from '../../supabase/local/src/db/types.ts';
import { BENCH_MEMBER_PREFIX } from './seed-events.ts';

/**
 * What the admin screens count, beside seedEvents' members, events and comments: a booking for every fifth
 * member (one to three travellers, an instalment paid and one due), a waitlist entry for every tenth and an
 * interest registration for every twentieth, spread over the bench events; 200 contact messages, half
 * answered; 100 flags; a store order for every fourth member. Triggers are off meanwhile, as in seedEvents.
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
  // A store order for every fourth member (decision 0094): picked up, by bank transfer, one in two paid.
  await db.query(
    `with ${members}, o as (
       insert into public.orders (number, user_id, state, pay_by, delivery, discount_percent, subtotal_cents,
         discount_cents, shipping_cents, total_cents, gst_cents, placed_at, expires_at, paid_at)
       select 'S' || (800000 + m.rn), m.id, case when m.rn % 8 = 0 then 'paid' else 'awaiting_payment' end,
         'bank_transfer', 'pickup', 10, 800, 80, 0, 720, 65, now() - make_interval(days => (m.rn % 30)::int),
         now() + interval '7 days', case when m.rn % 8 = 0 then now() - interval '1 day' end
       from m where m.rn % 4 = 0
       returning id)
     insert into public.order_lines (order_id, position, name, quantity, unit_price_cents, unit_discount_cents,
       line_total_cents, gst_cents)
     select id, 1, 'Sticker Pack', 1, 800, 80, 720, 65 from o`,
  );
  await db.query('analyze');
}
