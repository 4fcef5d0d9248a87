-- /admin/customers (decision 0034): members and enquirers in one list, one customer's whole record, and
-- staff notes. The list and the record are each ONE security-definer call that checks private.is_admin():
-- e-mail addresses live in auth.users, which no API role reads, and one call keeps the screen at one
-- request however many tables it draws on. Members are keyed by their profile id, enquirers (e-mails in
-- waitlist, interest or contact with no account) by their lower-cased e-mail address.

-- ---------------------------------------------------------------- staff notes

create table public.customer_notes (
  id uuid primary key default gen_random_uuid(),
  -- A member's notes go with the profile (and are erased with it); an enquirer's go with the e-mail.
  customer_id uuid references public.profiles (id) on delete cascade,
  customer_email text
    check (customer_email is null or (private.is_email(customer_email) and customer_email = lower(customer_email))),
  body text not null check (private.is_message(body)),
  -- Always the admin who wrote it (the column is not granted); no foreign key, the note outlives the author.
  author_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  constraint customer_notes_one_customer check (num_nonnulls(customer_id, customer_email) = 1)
);
comment on table public.customer_notes is 'Notes by staff about a member (customer_id) or an enquirer (customer_email).';
alter table public.customer_notes enable row level security;
create index customer_notes_customer_id_idx on public.customer_notes (customer_id, created_at desc);
create index customer_notes_customer_email_idx on public.customer_notes (customer_email, created_at desc);

create trigger audit_change
  after insert or update or delete on public.customer_notes
  for each row execute function private.audit_change('body');

revoke all on table public.customer_notes from anon, authenticated;
grant select, delete on table public.customer_notes to authenticated;
grant insert (customer_id, customer_email, body) on table public.customer_notes to authenticated;
grant all on table public.customer_notes to service_role;

create policy customer_notes_select_admin on public.customer_notes
  for select to authenticated using ((select private.is_admin()));
create policy customer_notes_insert_admin on public.customer_notes
  for insert to authenticated with check ((select private.is_admin()));
create policy customer_notes_delete_admin on public.customer_notes
  for delete to authenticated using ((select private.is_admin()));

-- A member who deletes their account (delete_my_account, or the Auth admin API) takes staff notes about
-- them along: the ones on the profile and the ones kept under their address from before they joined. An
-- account anonymised for its bookings keeps its profile row, so its soft delete (deleted_at) counts too.
create function private.forget_customer_notes() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.customer_notes n where n.customer_id = old.id or n.customer_email = lower(old.email);
  return null;
end
$$;
revoke all on function private.forget_customer_notes() from public;

create trigger forget_customer_notes
  after delete on auth.users
  for each row execute function private.forget_customer_notes();
create trigger forget_customer_notes_on_soft_delete
  after update of deleted_at on auth.users
  for each row when (old.deleted_at is null and new.deleted_at is not null)
  execute function private.forget_customer_notes();

-- ---------------------------------------------------------------- indexes the screens need

-- An enquirer's record and "last activity" join the enquiry tables by lower(email).
create index waitlist_submissions_lower_email_idx on public.waitlist_submissions (lower(email), created_at);
create index interest_registrations_lower_email_idx on public.interest_registrations (lower(email), created_at);
create index contact_messages_lower_email_idx on public.contact_messages (lower(email), created_at);
-- A member's latest posts use (user_id, created_at) from 20261125200001_limit_comment_rate.sql.

-- ---------------------------------------------------------------- who the customers are

-- Every customer, one row each: members (profiles with their auth e-mail) and enquirers. Last activity is
-- the latest of sign-in, comment, reply, booking and enquiry. Grouped aggregates (not per-row lookups), so
-- 5,000 members and 20,000 comments are a few hash joins. Private: only the admin functions below read it.
create view private.customers as
with enquiries as (
  select lower(w.email) as email, w.full_name, w.created_at from public.waitlist_submissions w
  union all
  select lower(i.email), i.full_name, i.created_at from public.interest_registrations i
  union all
  select lower(c.email), c.full_name, c.created_at from public.contact_messages c
),
by_email as (
  select e.email, min(e.created_at) as first_at, max(e.created_at) as last_at,
         (array_agg(e.full_name order by e.created_at desc))[1] as full_name
  from enquiries e
  group by e.email
),
booked as (
  select b.user_id, count(*)::int as n, max(b.created_at) as last_at from public.bookings b group by b.user_id
),
commented as (
  select c.user_id, max(c.created_at) as last_at from public.comments c group by c.user_id
),
replied as (
  select r.user_id, max(r.created_at) as last_at from public.comment_replies r group by r.user_id
)
select p.id::text as id, 'member'::text as kind, lower(u.email) as email, p.full_name,
       p.membership_tier::text as tier, p.created_at as joined, coalesce(b.n, 0) as bookings,
       greatest(u.last_sign_in_at, c.last_at, r.last_at, b.last_at, e.last_at) as last_activity
from public.profiles p
join auth.users u on u.id = p.id
left join booked b on b.user_id = p.id
left join commented c on c.user_id = p.id
left join replied r on r.user_id = p.id
left join by_email e on e.email = lower(u.email)
union all
select e.email, 'enquirer', e.email, e.full_name, 'enquirer', e.first_at, 0, e.last_at
from by_email e
where not exists (select 1 from auth.users u where lower(u.email) = e.email);
revoke all on table private.customers from public, anon, authenticated;


-- ---------------------------------------------------------------- the list

-- One page of customers and the number that match: {"total": n, "rows": [...]}. `search` matches name or
-- e-mail anywhere (trimmed; % _ \ taken literally); `sort` is one of the list's columns; `kind` narrows the
-- list to members or enquirers (empty: everyone).
create function public.admin_customers(
  search text default '',
  sort text default 'joined',
  dir text default 'desc',
  page_size integer default 25,
  page_offset integer default 0,
  kind text default ''
) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  pattern text;
  result jsonb;
begin
  perform private.require_admin('list customers');
  if sort is null or sort not in ('name', 'email', 'tier', 'joined', 'bookings', 'last_activity') then
    raise exception 'The list cannot be sorted by "%".', sort using errcode = '22023',
      hint = 'Sort by name, email, tier, joined, bookings or last_activity.';
  end if;
  if dir is null or dir not in ('asc', 'desc') then
    raise exception 'The sort direction must be asc or desc.' using errcode = '22023';
  end if;
  if page_size is null or page_size not between 1 and 1000 or page_offset is null or page_offset < 0 then
    raise exception 'A page holds 1 to 1,000 rows from an offset of 0 or more.' using errcode = '22023';
  end if;
  if coalesce(kind, '') not in ('', 'member', 'enquirer') then
    raise exception 'Show members, enquirers or everyone.' using errcode = '22023';
  end if;
  if char_length(coalesce(search, '')) > 200 then
    raise exception 'A search is at most 200 characters.' using errcode = '22023';
  end if;
  pattern := private.search_pattern(search);

  -- The sort column is one of the names checked above, so format's %I quotes a known identifier.
  execute format(
    $sql$
      with matching as (
        select c.* from private.customers c
        where ($1::text is null or c.full_name ilike $1 or c.email ilike $1)
          and ($4::text = '' or c.kind = $4)
      ),
      page as (
        select m.* from matching m
        order by %1$s %2$s nulls last, m.email, m.id
        limit $2 offset $3
      )
      select jsonb_build_object(
        'total', (select count(*) from matching),
        'rows', coalesce((select jsonb_agg(to_jsonb(page) order by %1$s %2$s nulls last, page.email, page.id) from page), '[]'::jsonb)
      )
    $sql$,
    case sort
      when 'name' then 'lower(full_name)'
      when 'email' then 'email'
      when 'tier' then 'tier'
      when 'joined' then 'joined'
      when 'bookings' then 'bookings'
      else 'last_activity'
    end,
    dir
  ) into result using pattern, page_size, page_offset, coalesce(kind, '');
  return result;
end
$$;
revoke all on function public.admin_customers(text, text, text, integer, integer, text) from public, anon;
grant execute on function public.admin_customers(text, text, text, integer, integer, text)
  to authenticated, service_role;

-- ---------------------------------------------------------------- one customer

-- Everything about one customer in one answer, or null when there is nobody by that key. `customer` is a
-- member's profile id or an enquirer's e-mail address (an e-mail that belongs to a member opens the member).
create function public.admin_customer(customer text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  member_id uuid;
  address text;
  profile jsonb;
  recent constant integer := 20;
begin
  perform private.require_admin('read a customer''s record');
  if customer is null or char_length(customer) > 254 then
    return null;
  end if;
  if customer ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select u.id, lower(u.email) into member_id, address
    from auth.users u join public.profiles p on p.id = u.id where u.id = customer::uuid;
    if member_id is null then
      return null;
    end if;
  elsif private.is_email(customer) then
    address := lower(btrim(customer));
    select u.id into member_id
    from auth.users u join public.profiles p on p.id = u.id where lower(u.email) = address;
  else
    return null;
  end if;

  if member_id is not null then
    select jsonb_build_object(
      'id', p.id, 'kind', 'member', 'email', lower(u.email), 'full_name', p.full_name, 'phone', p.phone,
      'tier', p.membership_tier, 'joined', p.created_at, 'last_sign_in', u.last_sign_in_at,
      'is_admin', p.is_admin, 'marketing_consent', p.marketing_consent
    ) into profile
    from public.profiles p join auth.users u on u.id = p.id where p.id = member_id;
  else
    select jsonb_build_object(
      'id', address, 'kind', 'enquirer', 'email', address, 'full_name', c.full_name, 'phone', null,
      'tier', 'enquirer', 'joined', c.joined, 'last_sign_in', null, 'is_admin', false, 'marketing_consent', false
    ) into profile
    from private.customers c where c.kind = 'enquirer' and c.email = address;
    if profile is null then
      return null;
    end if;
  end if;

  return jsonb_build_object(
    'profile', profile,
    'travellers', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', t.id, 'full_name', t.full_name, 'date_of_birth', t.date_of_birth, 'phone', t.phone,
        'dietary_notes', t.dietary_notes, 'medical_notes', t.medical_notes,
        'emergency_contact_name', t.emergency_contact_name, 'emergency_contact_phone', t.emergency_contact_phone
      ) order by t.full_name, t.id)
      from public.travellers t where t.user_id = member_id), '[]'::jsonb),
    'bookings', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', b.id, 'invoice_number', b.invoice_number, 'event_id', b.event_id, 'event_title', e.title,
        'start_date', e.start_date, 'status', b.status, 'travellers', b.travellers, 'currency', b.currency,
        'total_cents', b.total_cents, 'paid_cents', bb.paid_cents, 'remaining_cents', bb.remaining_cents,
        'created_at', b.created_at
      ) order by e.start_date desc, b.created_at desc)
      from public.bookings b
      join public.events e on e.id = b.event_id
      join public.booking_balances bb on bb.booking_id = b.id
      where b.user_id = member_id), '[]'::jsonb),
    'waitlist', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', w.id, 'event_id', w.event_id, 'event_name', w.event_name, 'full_name', w.full_name,
        'phone', w.phone, 'notes', w.notes, 'created_at', w.created_at
      ) order by w.created_at desc)
      from public.waitlist_submissions w where lower(w.email) = address), '[]'::jsonb),
    'interest', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', i.id, 'event_id', i.event_id, 'event_name', i.event_name, 'full_name', i.full_name,
        'phone', i.phone, 'message', i.message, 'created_at', i.created_at
      ) order by i.created_at desc)
      from public.interest_registrations i where lower(i.email) = address), '[]'::jsonb),
    'contact_messages', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', m.id, 'full_name', m.full_name, 'phone', m.phone, 'message', m.message,
        'handled_at', m.handled_at, 'created_at', m.created_at
      ) order by m.created_at desc)
      from public.contact_messages m where lower(m.email) = address), '[]'::jsonb),
    'comments', coalesce((
      select jsonb_agg(to_jsonb(posts) order by posts.created_at desc)
      from (
        select * from (
          (select c.id, 'comment' as kind, c.event_id, e.title as event_title, c.content, c.is_deleted, c.created_at
           from public.comments c join public.events e on e.id = c.event_id
           where c.user_id = member_id order by c.created_at desc limit recent)
          union all
          (select r.id, 'reply', r.event_id, e.title, r.content, r.is_deleted, r.created_at
           from public.comment_replies r join public.events e on e.id = r.event_id
           where r.user_id = member_id order by r.created_at desc limit recent)
        ) both_kinds order by created_at desc limit recent
      ) posts), '[]'::jsonb),
    'comment_total', (select count(*) from public.comments c where c.user_id = member_id)
      + (select count(*) from public.comment_replies r where r.user_id = member_id),
    'notes', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', n.id, 'body', n.body, 'author_name', a.full_name, 'created_at', n.created_at
      ) order by n.created_at desc)
      from public.customer_notes n left join public.profiles a on a.id = n.author_id
      where n.customer_id = member_id or n.customer_email = address), '[]'::jsonb)
  );
end
$$;
revoke all on function public.admin_customer(text) from public, anon;
grant execute on function public.admin_customer(text) to authenticated, service_role;
