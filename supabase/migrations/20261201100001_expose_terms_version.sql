-- The booking flow (issue 21, decision 0072) must send book_departure the current terms version, which lives
-- in private.booking_settings where no browser reads: public.current_terms_version() answers that one value,
-- to visitors and members alike (the terms are public), and nothing else of the settings.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.current_terms_version()
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select s.terms_version from private.booking_settings s
$function$
;

REVOKE ALL ON FUNCTION public.current_terms_version() FROM PUBLIC;
GRANT ALL ON FUNCTION public.current_terms_version() TO anon;
GRANT ALL ON FUNCTION public.current_terms_version() TO authenticated;
GRANT ALL ON FUNCTION public.current_terms_version() TO service_role;
