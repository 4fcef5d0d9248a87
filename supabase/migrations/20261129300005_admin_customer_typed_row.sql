-- admin_customer() returns one typed row instead of a jsonb object, and no row when nobody has that key
-- (issue 18): the profile and each list are composite types, so `npm run db:types` describes the whole
-- record. The API sends the same object (asked for with .maybeSingle()). A return type cannot be replaced
-- in place, hence the drop.
drop function public.admin_customer(text);

-- One customer's record, typed so that `npm run db:types` describes it: the profile (a member's, or an
-- enquirer's made from their enquiries), then one list per kind of thing they did.
CREATE TYPE public.customer_profile AS (
    id text,
    kind text,
    email text,
    full_name text,
    phone text,
    tier text,
    joined timestamp with time zone,
    last_sign_in timestamp with time zone,
    is_admin boolean,
    marketing_consent boolean
);

CREATE TYPE public.customer_traveller AS (
    id uuid,
    full_name text,
    date_of_birth date,
    phone text,
    dietary_notes text,
    medical_notes text,
    emergency_contact_name text,
    emergency_contact_phone text
);

CREATE TYPE public.customer_booking AS (
    id uuid,
    invoice_number text,
    event_id uuid,
    event_title text,
    start_date date,
    status public.booking_status,
    travellers integer,
    currency text,
    total_cents integer,
    paid_cents integer,
    remaining_cents integer,
    created_at timestamp with time zone
);

CREATE TYPE public.customer_waitlist_entry AS (
    id uuid,
    event_id uuid,
    event_name text,
    full_name text,
    phone text,
    notes text,
    created_at timestamp with time zone
);

CREATE TYPE public.customer_interest_entry AS (
    id uuid,
    event_id uuid,
    event_name text,
    full_name text,
    phone text,
    message text,
    created_at timestamp with time zone
);

CREATE TYPE public.customer_message AS (
    id uuid,
    full_name text,
    phone text,
    message text,
    handled_at timestamp with time zone,
    created_at timestamp with time zone
);

CREATE TYPE public.customer_post AS (
    id uuid,
    kind text,
    event_id uuid,
    event_title text,
    content text,
    is_deleted boolean,
    created_at timestamp with time zone
);

CREATE TYPE public.customer_note AS (
    id uuid,
    body text,
    author_name text,
    created_at timestamp with time zone
);

-- Everything about one customer in one row, or no row when there is nobody by that key. `customer` is a
-- member's profile id or an enquirer's e-mail address (an e-mail that belongs to a member opens the member).
-- The 20 latest comments and replies, with how many there are in all.
CREATE FUNCTION public.admin_customer(customer text) RETURNS TABLE(profile public.customer_profile, travellers public.customer_traveller[], bookings public.customer_booking[], waitlist public.customer_waitlist_entry[], interest public.customer_interest_entry[], contact_messages public.customer_message[], comments public.customer_post[], comment_total integer, notes public.customer_note[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  member_id uuid;
  address text;
  found public.customer_profile;
  recent constant integer := 20;
begin
  perform private.require_admin('read a customer''s record');
  if customer is null or char_length(customer) > 254 then
    return;
  end if;
  if customer ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select u.id, lower(u.email) into member_id, address
    from auth.users u join public.profiles p on p.id = u.id where u.id = customer::uuid;
    if member_id is null then
      return;
    end if;
  elsif private.is_email(customer) then
    address := lower(btrim(customer));
    select u.id into member_id
    from auth.users u join public.profiles p on p.id = u.id where lower(u.email) = address;
  else
    return;
  end if;

  if member_id is not null then
    -- Into a row variable, the columns fill its fields in order.
    select p.id::text, 'member', lower(u.email), p.full_name, p.phone, p.membership_tier::text, p.created_at,
           u.last_sign_in_at, p.is_admin, p.marketing_consent
    into found
    from public.profiles p join auth.users u on u.id = p.id where p.id = member_id;
  else
    select address, 'enquirer', address, c.full_name, null, 'enquirer', c.joined, null, false, false
    into found
    from private.customers c where c.kind = 'enquirer' and c.email = address;
    if found.id is null then
      return;
    end if;
  end if;

  return query select
    found,
    array(
      select row(t.id, t.full_name, t.date_of_birth, t.phone, t.dietary_notes, t.medical_notes,
                 t.emergency_contact_name, t.emergency_contact_phone)::public.customer_traveller
      from public.travellers t where t.user_id = member_id
      order by t.full_name, t.id),
    array(
      select row(b.id, b.invoice_number, b.event_id, e.title, e.start_date, b.status, b.travellers, b.currency,
                 b.total_cents, bb.paid_cents, bb.remaining_cents, b.created_at)::public.customer_booking
      from public.bookings b
      join public.events e on e.id = b.event_id
      join public.booking_balances bb on bb.booking_id = b.id
      where b.user_id = member_id
      order by e.start_date desc, b.created_at desc),
    array(
      select row(w.id, w.event_id, w.event_name, w.full_name, w.phone, w.notes,
                 w.created_at)::public.customer_waitlist_entry
      from public.waitlist_submissions w where lower(w.email) = address
      order by w.created_at desc),
    array(
      select row(i.id, i.event_id, i.event_name, i.full_name, i.phone, i.message,
                 i.created_at)::public.customer_interest_entry
      from public.interest_registrations i where lower(i.email) = address
      order by i.created_at desc),
    array(
      select row(m.id, m.full_name, m.phone, m.message, m.handled_at, m.created_at)::public.customer_message
      from public.contact_messages m where lower(m.email) = address
      order by m.created_at desc),
    array(
      select row(posts.id, posts.kind, posts.event_id, posts.event_title, posts.content, posts.is_deleted,
                 posts.created_at)::public.customer_post
      from (
        (select c.id, 'comment' as kind, c.event_id, e.title as event_title, c.content, c.is_deleted, c.created_at
         from public.comments c join public.events e on e.id = c.event_id
         where c.user_id = member_id order by c.created_at desc limit recent)
        union all
        (select r.id, 'reply', r.event_id, e.title, r.content, r.is_deleted, r.created_at
         from public.comment_replies r join public.events e on e.id = r.event_id
         where r.user_id = member_id order by r.created_at desc limit recent)
      ) posts
      order by posts.created_at desc limit recent),
    ((select count(*) from public.comments c where c.user_id = member_id)
      + (select count(*) from public.comment_replies r where r.user_id = member_id))::integer,
    array(
      select row(n.id, n.body, a.full_name, n.created_at)::public.customer_note
      from public.customer_notes n left join public.profiles a on a.id = n.author_id
      where n.customer_id = member_id or n.customer_email = address
      order by n.created_at desc);
end
$_$;

revoke all on function public.admin_customer(text) from public, anon;
grant execute on function public.admin_customer(text) to authenticated, service_role;
