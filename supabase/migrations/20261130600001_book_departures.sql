-- The booking engine's database layer (issue 21, decision 0071): a member books their own travellers on a
-- published departure in one call (public.book_departure), every rule checked in Postgres with the departure's
-- row locked; a pending booking holds its places until its hold expires (private.places_taken); the company's
-- rules live in one row (private.booking_settings), an event may override the deposit and set its plan, GST
-- treatment and Next Room priority days; invoice numbers come from a locked counter row, without gaps;
-- payments are their own records (public.payments), recorded by admins (public.record_payment) and applied to
-- instalments in due-date order; a received deposit confirms the booking and makes its member Next Room.

create table "private"."booking_settings" (
    "only_row" boolean not null default true,
    "deposit_per_traveller_cents" integer not null,
    "bank_transfer_hold_days" smallint not null,
    "balance_due_days_before" smallint not null,
    "terms_version" text not null
      );


alter table "private"."booking_settings" enable row level security;


  create table "private"."invoice_counters" (
    "year" smallint not null,
    "last_number" integer not null
      );


alter table "private"."invoice_counters" enable row level security;


  create table "public"."payments" (
    "id" uuid not null default gen_random_uuid(),
    "booking_id" uuid not null,
    "method" text not null default 'bank_transfer'::text,
    "amount_cents" integer not null,
    "reference" text,
    "received_on" date not null,
    "recorded_by" uuid,
    "created_at" timestamp with time zone not null default now()
      );


alter table "public"."payments" enable row level security;

alter table "public"."bookings" add column "hold_expires_at" timestamp with time zone;

alter table "public"."bookings" add column "bank_reference" text;

alter table "public"."bookings" add column "terms_version" text;

alter table "public"."bookings" add column "terms_accepted_at" timestamp with time zone;

alter table "public"."bookings" add column "terms_accepted_by" uuid;

alter table "public"."events" add column "deposit_per_traveller_cents" integer;

alter table "public"."events" add column "balance_instalments" smallint not null default 1;

alter table "public"."events" add column "gst_treatment" text not null default 'taxable'::text;

alter table "public"."events" add column "next_room_priority_days" smallint;

comment on table private.booking_settings is 'The company''s booking rules: deposit, hold, balance due date, terms version (one row; operators only).';

comment on table public.payments is 'Payments received toward bookings, written by record_payment only.';

comment on column public.payments.received_on is 'The day (Sydney) the money arrived, as the bank statement says.';

comment on column public.bookings.hold_expires_at is 'A pending booking holds its places until then (null: no hold, its places count until it is cancelled).';

comment on column public.bookings.bank_reference is 'The reference the member quotes on a bank transfer (HH and 8 letters or digits, no I, O, 0 or 1).';

comment on column public.bookings.terms_version is 'The version of the terms accepted with the booking (private.booking_settings.terms_version then).';

comment on column public.bookings.terms_accepted_by is 'Who ticked the box: the member who booked.';

comment on column public.events.deposit_per_traveller_cents is 'Deposit per traveller in cents (null: the company''s, private.booking_settings).';

comment on column public.events.balance_instalments is 'The payment plan: how many instalments the balance after the deposit is split into.';

comment on column public.events.gst_treatment is 'taxable (price includes 10% GST) or gst-free (e.g. an overseas tour).';

comment on column public.events.next_room_priority_days is 'A limited event: Next Room members may book this many days before bookings_open_on (null: not limited).';

CREATE UNIQUE INDEX booking_settings_pkey ON private.booking_settings USING btree (only_row);

CREATE UNIQUE INDEX invoice_counters_pkey ON private.invoice_counters USING btree (year);

CREATE UNIQUE INDEX bookings_bank_reference_key ON public.bookings USING btree (bank_reference);

CREATE INDEX payments_booking_id_idx ON public.payments USING btree (booking_id, received_on);

CREATE UNIQUE INDEX payments_pkey ON public.payments USING btree (id);

alter table "private"."booking_settings" add constraint "booking_settings_pkey" PRIMARY KEY using index "booking_settings_pkey";

alter table "private"."invoice_counters" add constraint "invoice_counters_pkey" PRIMARY KEY using index "invoice_counters_pkey";

alter table "public"."payments" add constraint "payments_pkey" PRIMARY KEY using index "payments_pkey";

alter table "private"."booking_settings" add constraint "booking_settings_balance_due_days_before_check" CHECK (((balance_due_days_before >= 0) AND (balance_due_days_before <= 365))) not valid;

alter table "private"."booking_settings" validate constraint "booking_settings_balance_due_days_before_check";

alter table "private"."booking_settings" add constraint "booking_settings_bank_transfer_hold_days_check" CHECK (((bank_transfer_hold_days >= 1) AND (bank_transfer_hold_days <= 30))) not valid;

alter table "private"."booking_settings" validate constraint "booking_settings_bank_transfer_hold_days_check";

alter table "private"."booking_settings" add constraint "booking_settings_deposit_per_traveller_cents_check" CHECK (((deposit_per_traveller_cents >= 0) AND (deposit_per_traveller_cents <= 100000000))) not valid;

alter table "private"."booking_settings" validate constraint "booking_settings_deposit_per_traveller_cents_check";

alter table "private"."booking_settings" add constraint "booking_settings_only_row_check" CHECK (only_row) not valid;

alter table "private"."booking_settings" validate constraint "booking_settings_only_row_check";

alter table "private"."booking_settings" add constraint "booking_settings_terms_version_check" CHECK ((private.is_trimmed(terms_version) AND (char_length(terms_version) >= 1) AND (char_length(terms_version) <= 40))) not valid;

alter table "private"."booking_settings" validate constraint "booking_settings_terms_version_check";

alter table "private"."invoice_counters" add constraint "invoice_counters_last_number_check" CHECK ((last_number >= 0)) not valid;

alter table "private"."invoice_counters" validate constraint "invoice_counters_last_number_check";

alter table "private"."invoice_counters" add constraint "invoice_counters_year_check" CHECK (((year >= 2000) AND (year <= 9999))) not valid;

alter table "private"."invoice_counters" validate constraint "invoice_counters_year_check";

alter table "public"."bookings" add constraint "bookings_bank_reference_check" CHECK ((bank_reference ~ '^HH[A-HJ-NP-Z2-9]{8}$'::text)) not valid;

alter table "public"."bookings" validate constraint "bookings_bank_reference_check";

alter table "public"."bookings" add constraint "bookings_bank_reference_key" UNIQUE using index "bookings_bank_reference_key";

-- To auth.users, not profiles: a second key to profiles would make PostgREST's bookings-to-profiles embeds ambiguous.
alter table "public"."bookings" add constraint "bookings_terms_accepted_by_fkey" FOREIGN KEY (terms_accepted_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."bookings" validate constraint "bookings_terms_accepted_by_fkey";

alter table "public"."bookings" add constraint "bookings_terms_accepted_together" CHECK (((terms_version IS NULL) = (terms_accepted_at IS NULL))) not valid;

alter table "public"."bookings" validate constraint "bookings_terms_accepted_together";

alter table "public"."bookings" add constraint "bookings_terms_version_check" CHECK (((terms_version IS NULL) OR (private.is_trimmed(terms_version) AND (char_length(terms_version) >= 1) AND (char_length(terms_version) <= 40)))) not valid;

alter table "public"."bookings" validate constraint "bookings_terms_version_check";

alter table "public"."events" add constraint "events_balance_instalments_check" CHECK (((balance_instalments >= 1) AND (balance_instalments <= 12))) not valid;

alter table "public"."events" validate constraint "events_balance_instalments_check";

alter table "public"."events" add constraint "events_deposit_per_traveller_cents_check" CHECK (((deposit_per_traveller_cents IS NULL) OR ((deposit_per_traveller_cents >= 0) AND (deposit_per_traveller_cents <= 100000000)))) not valid;

alter table "public"."events" validate constraint "events_deposit_per_traveller_cents_check";

alter table "public"."events" add constraint "events_gst_treatment_check" CHECK ((gst_treatment = ANY (ARRAY['taxable'::text, 'gst-free'::text]))) not valid;

alter table "public"."events" validate constraint "events_gst_treatment_check";

alter table "public"."events" add constraint "events_next_room_priority_days_check" CHECK (((next_room_priority_days IS NULL) OR ((next_room_priority_days >= 1) AND (next_room_priority_days <= 365)))) not valid;

alter table "public"."events" validate constraint "events_next_room_priority_days_check";

alter table "public"."events" add constraint "events_priority_needs_opening_day" CHECK (((next_room_priority_days IS NULL) OR (bookings_open_on IS NOT NULL))) not valid;

alter table "public"."events" validate constraint "events_priority_needs_opening_day";

alter table "public"."payments" add constraint "payments_amount_cents_check" CHECK ((amount_cents > 0)) not valid;

alter table "public"."payments" validate constraint "payments_amount_cents_check";

alter table "public"."payments" add constraint "payments_booking_id_fkey" FOREIGN KEY (booking_id) REFERENCES bookings(id) ON DELETE RESTRICT not valid;

alter table "public"."payments" validate constraint "payments_booking_id_fkey";

alter table "public"."payments" add constraint "payments_method_check" CHECK ((method = 'bank_transfer'::text)) not valid;

alter table "public"."payments" validate constraint "payments_method_check";

alter table "public"."payments" add constraint "payments_recorded_by_fkey" FOREIGN KEY (recorded_by) REFERENCES profiles(id) ON DELETE SET NULL not valid;

alter table "public"."payments" validate constraint "payments_recorded_by_fkey";

alter table "public"."payments" add constraint "payments_reference_check" CHECK (((reference IS NULL) OR (private.is_trimmed(reference) AND (char_length(reference) >= 1) AND (char_length(reference) <= 100)))) not valid;

alter table "public"."payments" validate constraint "payments_reference_check";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.apply_payments(p_booking_id uuid, p_paid_at timestamp with time zone)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update public.booking_installments i set paid_at = p_paid_at
  from (
    select x.id, sum(x.amount_cents) over (order by x.due_date, x.created_at, x.id) as covered_to
    from public.booking_installments x where x.booking_id = p_booking_id
  ) running
  where i.id = running.id and i.paid_at is null
    and running.covered_to <= private.booking_paid_cents(p_booking_id);
  update public.bookings b set status = 'confirmed', hold_expires_at = null
  where b.id = p_booking_id and b.status = 'pending'
    and private.booking_paid_cents(p_booking_id) >= b.deposit_cents;
$function$
;

CREATE OR REPLACE FUNCTION private.booking_deposit_cents(p_event_id uuid, p_travellers integer)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select least(coalesce(e.deposit_per_traveller_cents, s.deposit_per_traveller_cents)::bigint * p_travellers,
               e.price_cents::bigint * p_travellers)
  from public.events e cross join private.booking_settings s
  where e.id = p_event_id
$function$
;

CREATE OR REPLACE FUNCTION private.booking_paid_cents(p_booking_id uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(sum(p.amount_cents), 0)::bigint from public.payments p where p.booking_id = p_booking_id
$function$
;

CREATE OR REPLACE FUNCTION private.booking_schedule(p_event_id uuid, p_travellers integer, p_today date)
 RETURNS TABLE(due_date date, amount_cents integer)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  e public.events;
  last_due date;
  total bigint;
  deposit bigint := private.booking_deposit_cents(p_event_id, p_travellers);
  balance bigint;
  share bigint;
begin
  select * into e from public.events where id = p_event_id;
  select e.start_date - s.balance_due_days_before into last_due from private.booking_settings s;
  total := e.price_cents::bigint * p_travellers;
  if total is null or total <= 0 then
    return;
  end if;
  if p_today >= last_due or deposit >= total then
    due_date := p_today;
    amount_cents := total;
    return next;
    return;
  end if;
  if deposit > 0 then
    due_date := p_today;
    amount_cents := deposit;
    return next;
  end if;
  balance := total - deposit;
  share := balance / e.balance_instalments;
  for part in 1..e.balance_instalments loop
    due_date := p_today + ((last_due - p_today) * part) / e.balance_instalments;
    amount_cents := case when part = e.balance_instalments then balance - share * (e.balance_instalments - 1)
                         else share end;
    if amount_cents > 0 then
      return next;
    end if;
  end loop;
end
$function$
;

CREATE OR REPLACE FUNCTION private.export_payments_recorded(member uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(to_jsonb(p) order by p.created_at, p.id), '[]'::jsonb)
  from public.payments p where p.recorded_by = member
$function$
;

CREATE OR REPLACE FUNCTION private.forget_payments_recorded(member uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$ select $function$
;

CREATE OR REPLACE FUNCTION private.new_bank_reference()
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  bytes bytea;
  candidate text;
begin
  loop
    -- The bytes of a version-4 UUID that carry no version or variant bits: 32 values each, evenly.
    bytes := uuid_send(gen_random_uuid());
    select 'HH' || string_agg(substr(alphabet, get_byte(bytes, i) % 32 + 1, 1), '' order by i)
    into candidate
    from unnest(array[0, 1, 2, 3, 4, 5, 10, 11]) i;
    exit when not exists (select 1 from public.bookings b where b.bank_reference = candidate);
  end loop;
  return candidate;
end
$function$
;

CREATE OR REPLACE FUNCTION private.next_invoice_number()
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  this_year smallint := extract(year from private.sydney_today());
  taken integer;
begin
  insert into private.invoice_counters (year, last_number)
  select this_year, coalesce(max(substring(b.invoice_number from '^INV-[0-9]{4}-([0-9]{1,9})$')::integer), 0)
  from public.bookings b
  where b.invoice_number like 'INV-' || this_year || '-%'
  on conflict (year) do nothing;
  update private.invoice_counters c set last_number = c.last_number + 1
  where c.year = this_year
  returning c.last_number into taken;
  return 'INV-' || this_year || '-' || lpad(taken::text, greatest(4, length(taken::text)), '0');
end
$function$
;

CREATE OR REPLACE FUNCTION private.promote_to_next_room()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.profiles p set membership_tier = 'next_room'
  from public.bookings b
  where b.id = new.booking_id and p.id = b.user_id and p.membership_tier <> 'next_room'
    and private.booking_paid_cents(b.id) >= b.deposit_cents;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION public.book_departure(p_event_id uuid, p_traveller_ids uuid[], p_terms_version text)
 RETURNS bookings
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  member uuid := auth.uid();
  settings private.booking_settings;
  e public.events;
  today date := private.sydney_today();
  wanted integer := cardinality(p_traveller_ids);
  opens_on date;
  taken integer;
  owned integer;
  undated integer;
  minors integer;
  total bigint;
  booking public.bookings;
begin
  perform private.require_live_caller();
  if member is null then
    raise exception 'sign in to book' using errcode = '42501';
  end if;
  if wanted is null or wanted < 1 or wanted > 50 or array_position(p_traveller_ids, null) is not null
     or (select count(distinct t) from unnest(p_traveller_ids) t) <> wanted then
    raise exception 'choose between 1 and 50 different travellers' using errcode = '22023';
  end if;
  select * into settings from private.booking_settings;
  if p_terms_version is distinct from settings.terms_version then
    raise exception 'accept the current terms (version %) to book', settings.terms_version
      using errcode = '22023', hint = 'Read the terms again, then accept them.';
  end if;

  -- The queue: one booking of this departure at a time from here to commit.
  select * into e from public.events where id = p_event_id for update;
  if not found or e.status <> 'published' then
    raise exception 'this departure cannot be booked' using errcode = 'P0002';
  end if;
  if today >= e.start_date then
    raise exception 'bookings have closed: this departure has started' using errcode = '22023';
  end if;
  if e.bookings_close_on < today then
    raise exception 'bookings closed on %', to_char(e.bookings_close_on, 'FMDD Mon YYYY') using errcode = '22023';
  end if;
  opens_on := e.bookings_open_on;
  if e.next_room_priority_days is not null
     and (select p.membership_tier from public.profiles p where p.id = member) = 'next_room' then
    opens_on := e.bookings_open_on - e.next_room_priority_days;
  end if;
  if opens_on > today then
    raise exception 'bookings open on %', to_char(opens_on, 'FMDD Mon YYYY') using errcode = '22023';
  end if;
  if e.price_cents is null then
    raise exception 'this departure has no price yet' using errcode = '22023';
  end if;

  select count(*), count(*) filter (where t.date_of_birth is null),
         count(*) filter (where t.date_of_birth + interval '18 years' > e.start_date)
  into owned, undated, minors
  from public.travellers t
  where t.id = any (p_traveller_ids) and t.user_id = member;
  if owned <> wanted then
    raise exception 'choose travellers from your own list' using errcode = '22023';
  end if;
  if undated > 0 then
    raise exception 'every traveller needs a date of birth' using errcode = '22023';
  end if;
  if minors = wanted then
    raise exception 'a traveller under 18 needs an adult on the same booking' using errcode = '22023';
  end if;

  if e.max_registrations is not null then
    taken := private.places_taken(e.id);
    if taken >= e.max_registrations then
      raise exception 'sold out' using errcode = 'PT409', detail = 'places_left=0';
    end if;
    if taken + wanted > e.max_registrations then
      raise exception 'only % left', case when e.max_registrations - taken = 1 then '1 place'
                                          else (e.max_registrations - taken) || ' places' end
        using errcode = 'PT409', detail = 'places_left=' || (e.max_registrations - taken);
    end if;
  end if;
  total := e.price_cents::bigint * wanted;
  if total > 2147483647 then
    raise exception 'this booking is too large to take online' using errcode = '22023';
  end if;

  insert into public.bookings (event_id, user_id, invoice_number, travellers, total_cents, deposit_cents, currency,
                               status, hold_expires_at, bank_reference, terms_version, terms_accepted_at,
                               terms_accepted_by)
  values (e.id, member, private.next_invoice_number(), wanted, total,
          private.booking_deposit_cents(e.id, wanted), e.currency, 'pending',
          now() + make_interval(days => settings.bank_transfer_hold_days), private.new_bank_reference(),
          p_terms_version, now(), member)
  returning * into booking;
  insert into public.booking_travellers (booking_id, traveller_id)
  select booking.id, t from unnest(p_traveller_ids) t;
  insert into public.booking_installments (booking_id, due_date, amount_cents)
  select booking.id, s.due_date, s.amount_cents from private.booking_schedule(e.id, wanted, today) s;
  return booking;
end
$function$
;

CREATE OR REPLACE FUNCTION public.quote_booking(p_event_id uuid, p_travellers integer)
 RETURNS TABLE(due_date date, amount_cents integer)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select s.due_date, s.amount_cents
  from public.events e, private.booking_schedule(e.id, p_travellers, private.sydney_today()) s
  where e.id = p_event_id and e.status = 'published' and p_travellers between 1 and 50
$function$
;

CREATE OR REPLACE FUNCTION public.record_payment(p_booking_id uuid, p_amount_cents integer, p_received_on date, p_reference text DEFAULT NULL::text)
 RETURNS payments
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  b public.bookings;
  e public.events;
  paid bigint;
  payment public.payments;
begin
  perform private.require_admin('record a payment');
  select * into b from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'no such booking' using errcode = 'P0002';
  end if;
  if b.status = 'cancelled' then
    raise exception 'this booking is cancelled' using errcode = '22023';
  end if;
  if p_amount_cents is null or p_amount_cents <= 0 then
    raise exception 'a payment is an amount of at least 1 cent' using errcode = '22023';
  end if;
  if p_received_on is null or p_received_on > private.sydney_today() then
    raise exception 'the day the money arrived is today or earlier' using errcode = '22023';
  end if;
  paid := private.booking_paid_cents(b.id);
  if paid + p_amount_cents > b.total_cents then
    raise exception 'that is more than is left to pay (% cents)', b.total_cents - paid using errcode = '22023';
  end if;
  if b.status = 'pending' and b.hold_expires_at <= now() and paid + p_amount_cents >= b.deposit_cents then
    select * into e from public.events where id = b.event_id for update;
    if e.max_registrations is not null
       and private.places_taken(e.id) + b.travellers > e.max_registrations then
      raise exception 'sold out' using errcode = 'PT409', detail = 'places_left=0',
        hint = 'The hold expired and its places were booked since: refund the transfer or make room first.';
    end if;
  end if;
  insert into public.payments (booking_id, method, amount_cents, reference, received_on, recorded_by)
  values (b.id, 'bank_transfer', p_amount_cents, nullif(private.trim_space(p_reference), ''), p_received_on,
          auth.uid())
  returning * into payment;
  perform private.apply_payments(b.id, p_received_on::timestamp at time zone 'Australia/Sydney');
  return payment;
end
$function$
;

CREATE OR REPLACE FUNCTION private.export_bookings(member uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(to_jsonb(b) || jsonb_build_object(
      'event_title', e.title,
      'installments', coalesce((
        select jsonb_agg(to_jsonb(i) order by i.due_date)
        from public.booking_installments i where i.booking_id = b.id), '[]'::jsonb),
      'payments', coalesce((
        select jsonb_agg(jsonb_build_object('amount_cents', p.amount_cents, 'method', p.method,
                                            'reference', p.reference, 'received_on', p.received_on)
                         order by p.received_on, p.created_at)
        from public.payments p where p.booking_id = b.id), '[]'::jsonb))
      order by b.created_at), '[]'::jsonb)
  from public.bookings b join public.events e on e.id = b.event_id
  where b.user_id = member
$function$
;

CREATE OR REPLACE FUNCTION private.places_taken(p_event_id uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(sum(b.travellers), 0)::integer
  from public.bookings b
  where b.event_id = p_event_id and b.status <> 'cancelled'
    and (b.status <> 'pending' or b.hold_expires_at is null or b.hold_expires_at > now())
$function$
;

create or replace view "public"."booking_balances" with (security_invoker = true) as  SELECT b.id AS booking_id,
    b.total_cents,
    paid.cents AS paid_cents,
    (b.total_cents - paid.cents) AS remaining_cents
   FROM (bookings b
     CROSS JOIN LATERAL ( SELECT (GREATEST(COALESCE(( SELECT sum(i.amount_cents) AS sum
                   FROM booking_installments i
                  WHERE ((i.booking_id = b.id) AND (i.paid_at IS NOT NULL))), (0)::bigint), COALESCE(( SELECT sum(p.amount_cents) AS sum
                   FROM payments p
                  WHERE (p.booking_id = b.id)), (0)::bigint)))::integer AS cents) paid);


grant delete on table "private"."booking_settings" to "service_role";

grant insert on table "private"."booking_settings" to "service_role";

grant references on table "private"."booking_settings" to "service_role";

grant select on table "private"."booking_settings" to "service_role";

grant trigger on table "private"."booking_settings" to "service_role";

grant truncate on table "private"."booking_settings" to "service_role";

grant update on table "private"."booking_settings" to "service_role";

grant delete on table "private"."invoice_counters" to "service_role";

grant insert on table "private"."invoice_counters" to "service_role";

grant references on table "private"."invoice_counters" to "service_role";

grant select on table "private"."invoice_counters" to "service_role";

grant trigger on table "private"."invoice_counters" to "service_role";

grant truncate on table "private"."invoice_counters" to "service_role";

grant update on table "private"."invoice_counters" to "service_role";

grant select on table "public"."payments" to "authenticated";

grant delete on table "public"."payments" to "service_role";

grant insert on table "public"."payments" to "service_role";

grant references on table "public"."payments" to "service_role";

grant select on table "public"."payments" to "service_role";

grant trigger on table "public"."payments" to "service_role";

grant truncate on table "public"."payments" to "service_role";

grant update on table "public"."payments" to "service_role";


  create policy "payments_select_authenticated"
  on "public"."payments"
  as permissive
  for select
  to authenticated
using (((EXISTS ( SELECT 1
   FROM bookings b
  WHERE ((b.id = payments.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));


CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.booking_installments FOR EACH ROW EXECUTE FUNCTION private.audit_change('due_date', 'instalment');

CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.audit_change('invoice_number', 'booking');

CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.payments FOR EACH ROW EXECUTE FUNCTION private.audit_change('reference', 'payment');

CREATE TRIGGER promote_to_next_room AFTER INSERT ON public.payments FOR EACH ROW EXECUTE FUNCTION private.promote_to_next_room();

-- By hand (db:diff cannot): who may run the new functions, and the rows.

revoke all on function private.apply_payments(uuid, timestamp with time zone) from public;
grant execute on function private.apply_payments(uuid, timestamp with time zone) to service_role;
revoke all on function private.booking_deposit_cents(uuid, integer) from public;
grant execute on function private.booking_deposit_cents(uuid, integer) to service_role;
revoke all on function private.booking_paid_cents(uuid) from public;
grant execute on function private.booking_paid_cents(uuid) to service_role;
revoke all on function private.booking_schedule(uuid, integer, date) from public;
grant execute on function private.booking_schedule(uuid, integer, date) to service_role;
revoke all on function private.new_bank_reference() from public;
grant execute on function private.new_bank_reference() to service_role;
revoke all on function private.next_invoice_number() from public;
grant execute on function private.next_invoice_number() to service_role;
revoke all on function private.promote_to_next_room() from public;
revoke all on function public.book_departure(uuid, uuid[], text) from public;
grant execute on function public.book_departure(uuid, uuid[], text) to authenticated, service_role;
revoke all on function public.quote_booking(uuid, integer) from public;
grant execute on function public.quote_booking(uuid, integer) to anon, authenticated, service_role;
revoke all on function public.record_payment(uuid, integer, date, text) from public;
grant execute on function public.record_payment(uuid, integer, date, text) to authenticated, service_role;

-- The member data parts (decision 0021's registry): payments an admin recorded, and who accepted a booking's terms.
revoke all on function private.export_payments_recorded(uuid) from public, anon, authenticated;
grant execute on function private.export_payments_recorded(uuid) to service_role;
revoke all on function private.forget_payments_recorded(uuid) from public, anon, authenticated;
grant execute on function private.forget_payments_recorded(uuid) to service_role;
insert into private.member_data_parts (part, position, member_columns)
values ('payments_recorded', 185, array['public.payments.recorded_by']);
update private.member_data_parts
set member_columns = array['public.bookings.user_id', 'public.bookings.terms_accepted_by']
where part = 'bookings';

-- The terms page's business: $800 a person, three days to pay by bank transfer, the rest 90 days out.
insert into private.booking_settings (only_row, deposit_per_traveller_cents, bank_transfer_hold_days, balance_due_days_before, terms_version)
values (true, 80000, 3, 90, '2026-11');
