-- Interest in a trip is registered once per trip and address, as the waitlist is (issue 20, decision 0061).
-- The dialog took the same registration again and again, each one e-mailing the company. Now
-- public.register_interest() answers 'registered' or 'already' by a unique index on the trip and the
-- lower-cased address; 'already' saves nothing (so it e-mails nobody) and counts against the waitlist's
-- hourly limit on such answers, since it tells whoever asks that an address registered. Visitors may no
-- longer insert rows themselves: the unique index's 409 would give the same answer with no limit.

-- Registrations made twice before this change: the earliest of each trip and address stays (the company
-- was e-mailed each one when it came, so nothing it has not seen is lost).
delete from public.interest_registrations later
using public.interest_registrations earlier
where earlier.event_name = later.event_name
  and lower(earlier.email) = lower(later.email)
  and (earlier.created_at, earlier.id) < (later.created_at, later.id);

drop policy "interest_registrations_insert_anyone" on "public"."interest_registrations";

revoke insert (event_name, event_id, full_name, email, phone, message, marketing_consent)
  on table public.interest_registrations from anon, authenticated;

CREATE UNIQUE INDEX interest_registrations_event_email_key ON public.interest_registrations USING btree (event_name, lower(email));

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.register_interest(event_name text, full_name text, email text, phone text DEFAULT NULL::text, message text DEFAULT NULL::text, event_id uuid DEFAULT NULL::uuid, marketing_consent boolean DEFAULT false)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller_address text := private.request_client();
  inserted integer;
  recent_probes integer;
begin
  if register_interest.event_id is not null and not private.is_public_event(register_interest.event_id) then
    raise exception 'new row violates row-level security policy for table "interest_registrations"'
      using errcode = '42501';
  end if;
  insert into public.interest_registrations
    (event_name, event_id, full_name, email, phone, message, marketing_consent)
  values (register_interest.event_name, register_interest.event_id, register_interest.full_name,
          register_interest.email, register_interest.phone, register_interest.message,
          coalesce(register_interest.marketing_consent, false))
  on conflict do nothing;
  get diagnostics inserted = row_count;
  if inserted = 1 then
    return 'registered';
  end if;
  -- The waitlist's lock and table: one limit for both forms' 'already' answers.
  perform pg_advisory_xact_lock(hashtext('waitlist_probes:' || caller_address));
  select count(*) into recent_probes
  from private.waitlist_probes p
  where p.client = caller_address and p.probed_at > now() - interval '1 hour';
  if recent_probes >= 10 then
    raise exception 'Too many checks from this address'
      using errcode = 'PT429', hint = 'Try again in an hour.';
  end if;
  insert into private.waitlist_probes (client) values (caller_address);
  return 'already';
end
$function$
;

REVOKE ALL ON FUNCTION public.register_interest(event_name text, full_name text, email text, phone text, message text, event_id uuid, marketing_consent boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.register_interest(event_name text, full_name text, email text, phone text, message text, event_id uuid, marketing_consent boolean) TO service_role;
GRANT ALL ON FUNCTION public.register_interest(event_name text, full_name text, email text, phone text, message text, event_id uuid, marketing_consent boolean) TO anon;
GRANT ALL ON FUNCTION public.register_interest(event_name text, full_name text, email text, phone text, message text, event_id uuid, marketing_consent boolean) TO authenticated;

COMMENT ON TABLE private.waitlist_probes IS 'One row per "already" answer of the waitlist or interest form, by client address: the hourly limit counts them.';
