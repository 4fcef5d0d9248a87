-- Two gaps the whole suite found after this stop's work was merged:
-- - AutoPay's consents (public.autopay_enrolments.user_id, decision 0088) had no part in the member's data
--   download and deletion (decision 0053's catalogue): exported now, and at deletion AutoPay stops and the
--   saved card's Stripe references go, while the consent stays with the booking the company keeps.
-- - public.store_settings' audit trigger (decision 0092) named no noun, so the audit log's "What changed"
--   list had no words for it: 'store settings'.

drop trigger if exists "audit_change" on "public"."store_settings";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.export_autopay_enrolments(member uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('booking_id', e.booking_id, 'terms_version', e.terms_version,
           'consented_at', e.consented_at, 'state', e.state, 'card_saved_at', e.card_saved_at,
           'turned_off_at', e.turned_off_at) order by e.consented_at), '[]'::jsonb)
  from public.autopay_enrolments e where e.user_id = member
$function$
;

REVOKE ALL ON FUNCTION private.export_autopay_enrolments(member uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.forget_autopay_enrolments(member uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update public.autopay_enrolments
  set state = 'off', turned_off_at = coalesce(turned_off_at, now()), stripe_customer = null,
      stripe_payment_method = null, card_saved_at = null
  where user_id = member
$function$
;

CREATE TRIGGER audit_change AFTER UPDATE ON public.store_settings FOR EACH ROW EXECUTE FUNCTION private.audit_change('', 'store settings');

REVOKE ALL ON FUNCTION private.forget_autopay_enrolments(member uuid) FROM PUBLIC;

insert into private.member_data_parts (part, position, member_columns)
values ('autopay_enrolments', 187, array['public.autopay_enrolments.user_id']);
