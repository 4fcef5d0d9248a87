-- Payment plan templates (issue 21, decision 0076): named ways to split a booking's balance after the deposit,
-- assigned per departure (events.payment_plan_id; null: the company's standard, events.balance_instalments
-- parts spread evenly, as before). The dates are private.plan_dates's; private.booking_schedule asks
-- private.plan_due_dates for them. Admins only: members and visitors see the schedule a plan gives
-- (quote_booking, their instalments), never the templates.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261201500001_create_payment_plans:
--   Payment plan templates, assigned per event; the due dates of a booking's schedule follow its event's plan.

-- A plan's name: trimmed, 1 to 80 characters, one line, no control characters.
CREATE FUNCTION private.is_payment_plan_name(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 80
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

REVOKE ALL ON FUNCTION private.is_payment_plan_name(value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_payment_plan_name(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_payment_plan_name(value text) TO service_role;

-- A plan's shape, the one rule the table's CHECK and preview_payment_plan apply (src/features/admin/
-- payment-plans/plan-rules.ts says the same): 'spaced' is 1 to 12 parts, with a spacing of 1 to 365 days or
-- 1 to 12 months between them when there are several (none for one part); 'fixed' is 1 to 12 different days
-- in order, and nothing else.
CREATE FUNCTION private.is_payment_plan(p_kind text, p_parts integer, p_spacing integer, p_spacing_unit text, p_due_dates date[]) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(case p_kind
    when 'spaced' then p_due_dates is null and p_parts between 1 and 12
      and case when p_parts = 1 then p_spacing is null and p_spacing_unit is null
               else p_spacing_unit in ('days', 'months')
                    and p_spacing between 1 and case p_spacing_unit when 'days' then 365 else 12 end end
    when 'fixed' then p_parts is null and p_spacing is null and p_spacing_unit is null
      and cardinality(p_due_dates) between 1 and 12 and array_position(p_due_dates, null) is null
      and p_due_dates = array(select distinct d from unnest(p_due_dates) d order by d)
    end, false)
$$;

REVOKE ALL ON FUNCTION private.is_payment_plan(p_kind text, p_parts integer, p_spacing integer, p_spacing_unit text, p_due_dates date[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_payment_plan(p_kind text, p_parts integer, p_spacing integer, p_spacing_unit text, p_due_dates date[]) TO authenticated;
GRANT ALL ON FUNCTION private.is_payment_plan(p_kind text, p_parts integer, p_spacing integer, p_spacing_unit text, p_due_dates date[]) TO service_role;

-- ---------------------------------------------------------------- public.payment_plans

CREATE TABLE public.payment_plans (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    kind text NOT NULL,
    parts smallint,
    spacing smallint,
    spacing_unit text,
    due_dates date[],
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payment_plans_name_check CHECK (private.is_payment_plan_name(name)),
    CONSTRAINT payment_plans_shape CHECK (private.is_payment_plan(kind, (parts)::integer, (spacing)::integer, spacing_unit, due_dates))
);

COMMENT ON TABLE public.payment_plans IS 'Payment plan templates: how a booking''s balance after the deposit is split and when each part is due. Assigned per event (events.payment_plan_id).';

COMMENT ON COLUMN public.payment_plans.kind IS 'spaced: parts instalments spacing days or months apart, the last on the final due day; fixed: instalments on due_dates.';

COMMENT ON COLUMN public.payment_plans.due_dates IS 'A fixed plan''s days, in order (a day after the final due day moves to it).';

ALTER TABLE ONLY public.payment_plans
    ADD CONSTRAINT payment_plans_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX payment_plans_lower_name_key ON public.payment_plans USING btree (lower(name));

-- A departure's plan; a plan some departure uses cannot be deleted (assign another first).
ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_payment_plan_id_fkey FOREIGN KEY (payment_plan_id) REFERENCES public.payment_plans(id);

CREATE INDEX events_payment_plan_id_idx ON public.events USING btree (payment_plan_id) WHERE (payment_plan_id IS NOT NULL);

ALTER TABLE public.payment_plans ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.payment_plans FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.payment_plans FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.payment_plans FOR EACH ROW EXECUTE FUNCTION private.audit_change('name', 'payment plan');

CREATE POLICY payment_plans_delete_admin ON public.payment_plans FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY payment_plans_insert_admin ON public.payment_plans FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));

CREATE POLICY payment_plans_select_admin ON public.payment_plans FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY payment_plans_update_admin ON public.payment_plans FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.payment_plans TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.payment_plans TO authenticated;

-- The templates every company starts with (the migration adds them; admins rename or delete them).
INSERT INTO public.payment_plans (id, name, kind, parts, spacing, spacing_unit) VALUES ('0a7e0000-0000-4000-8000-000000000001', 'Deposit then balance', 'spaced', 1, NULL, NULL), ('0a7e0000-0000-4000-8000-000000000003', 'Three monthly instalments', 'spaced', 3, 1, 'months');

-- public.payment_plans: its functions

-- The due dates of the instalments of a booking's balance, ascending and different, for a booking made on
-- p_today of a departure whose final due day is p_last_due (its start − balance_due_days_before):
--   'spaced': p_parts parts p_spacing days or months apart, the last on p_last_due. When the first would be
--             on or before p_today (too many parts for the time left), they are spread as 'even' instead:
--             the plan compresses toward the booking day.
--   'even':   p_parts parts at even steps after p_today, the last on p_last_due (the company's standard:
--             events.balance_instalments, as private.booking_schedule always did it).
--   'fixed':  p_due_dates; a day after p_last_due moves to it, a day on or before p_today is left out (its
--             part goes to the later ones), and with none left the balance is due on p_last_due.
-- Two parts on the same day are one. A booking on or after p_last_due pays on p_today, once.
CREATE FUNCTION private.plan_dates(p_kind text, p_parts integer, p_spacing integer, p_spacing_unit text, p_due_dates date[], p_last_due date, p_today date) RETURNS SETOF date
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  step interval := case p_spacing_unit when 'months' then make_interval(months => p_spacing)
                                       else make_interval(days => coalesce(p_spacing, 0)) end;
begin
  if p_today >= p_last_due then
    return next p_today;
    return;
  end if;
  if p_kind = 'fixed' then
    return query select distinct least(d, p_last_due) from unnest(p_due_dates) d where d > p_today order by 1;
    if not found then
      return next p_last_due;
    end if;
    return;
  end if;
  if p_kind = 'spaced' and p_parts > 1 and (p_last_due - step * (p_parts - 1))::date > p_today then
    return query select (p_last_due - step * (p_parts - k))::date from generate_series(1, p_parts) k order by 1;
    return;
  end if;
  return query select distinct p_today + ((p_last_due - p_today) * k) / greatest(p_parts, 1)
               from generate_series(1, greatest(p_parts, 1)) k order by 1;
end
$$;

REVOKE ALL ON FUNCTION private.plan_dates(p_kind text, p_parts integer, p_spacing integer, p_spacing_unit text, p_due_dates date[], p_last_due date, p_today date) FROM PUBLIC;
GRANT ALL ON FUNCTION private.plan_dates(p_kind text, p_parts integer, p_spacing integer, p_spacing_unit text, p_due_dates date[], p_last_due date, p_today date) TO service_role;

-- The due dates of the balance of a booking of p_event_id made on p_today: its plan's (payment_plan_id), or
-- the company's standard (balance_instalments parts spread evenly) when it has none. No day is later than
-- the final due day, the departure − private.booking_settings.balance_due_days_before (90).
CREATE FUNCTION private.plan_due_dates(p_event_id uuid, p_today date) RETURNS SETOF date
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select d
  from public.events e
  cross join private.booking_settings s
  left join public.payment_plans p on p.id = e.payment_plan_id
  cross join private.plan_dates(coalesce(p.kind, 'even'), coalesce(p.parts, e.balance_instalments)::integer,
                                p.spacing::integer, p.spacing_unit, p.due_dates,
                                e.start_date - s.balance_due_days_before, p_today) d
  where e.id = p_event_id
  order by d
$$;

REVOKE ALL ON FUNCTION private.plan_due_dates(p_event_id uuid, p_today date) FROM PUBLIC;
GRANT ALL ON FUNCTION private.plan_due_dates(p_event_id uuid, p_today date) TO service_role;

-- /admin/create-payment-plan's preview (admins only): the schedule a plan of this shape gives one traveller
-- booking on p_booked_on a departure on p_departure at p_price_cents, with the company's deposit: the
-- deposit on the booking day, then the balance in whole cents over the plan's dates, split as a booking's
-- schedule is (private.split_schedule). 22023 for a plan
-- private.is_payment_plan refuses, or a booking day not before the departure.
CREATE FUNCTION public.preview_payment_plan(p_kind text, p_parts integer, p_spacing integer, p_spacing_unit text, p_due_dates date[], p_departure date, p_booked_on date, p_price_cents integer DEFAULT 500000) RETURNS TABLE(due_date date, amount_cents integer, is_deposit boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.booking_settings;
  last_due date;
begin
  perform private.require_admin('preview a payment plan');
  if not private.is_payment_plan(p_kind, p_parts, p_spacing, p_spacing_unit, p_due_dates) then
    raise exception 'this plan is not complete yet' using errcode = '22023';
  end if;
  if p_departure is null or p_booked_on is null or p_booked_on >= p_departure then
    raise exception 'the example booking day must be before the departure' using errcode = '22023';
  end if;
  if p_price_cents is null or p_price_cents < 1 or p_price_cents > 100000000 then
    raise exception 'the example price must be between 1 cent and 1,000,000' using errcode = '22023';
  end if;
  select * into settings from private.booking_settings;
  last_due := p_departure - settings.balance_due_days_before;
  return query
    select * from private.split_schedule(
      p_price_cents, settings.deposit_per_traveller_cents, p_booked_on, last_due,
      array(select d from private.plan_dates(p_kind, p_parts, p_spacing, p_spacing_unit, p_due_dates, last_due,
                                             p_booked_on) d order by d));
end
$$;

REVOKE ALL ON FUNCTION public.preview_payment_plan(p_kind text, p_parts integer, p_spacing integer, p_spacing_unit text, p_due_dates date[], p_departure date, p_booked_on date, p_price_cents integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.preview_payment_plan(p_kind text, p_parts integer, p_spacing integer, p_spacing_unit text, p_due_dates date[], p_departure date, p_booked_on date, p_price_cents integer) TO authenticated;
GRANT ALL ON FUNCTION public.preview_payment_plan(p_kind text, p_parts integer, p_spacing integer, p_spacing_unit text, p_due_dates date[], p_departure date, p_booked_on date, p_price_cents integer) TO service_role;
