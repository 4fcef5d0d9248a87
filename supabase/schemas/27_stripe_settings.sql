-- /admin/stripe-settings and the card surcharge (issue 22, decision 0089). Admins turn card payments on and
-- set a surcharge here (public.set_card_payment_settings, audited); members read both with the bank details
-- in one call (public.payment_options). A surcharge is computed in Postgres when a card payment is prepared
-- (whole cents, rounded down), stored on the attempt, charged as its own line on the Checkout Session, and
-- kept apart from the payment in the ledger: the booking's paid amount and its instalments take only the
-- payment, the surcharge is the company's revenue. Bank transfers never carry one.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261203800001_stripe_settings_and_surcharge:
--   Card payment settings for admins (cards on, a surcharge up to 3%), the surcharge on attempts and payments.

-- ---------------------------------------------------------------- the settings (table in 24_card_checkout.sql)

-- The surcharge in basis points (120 = 1.2%), none by default. At most 3%: a surcharge may not exceed the
-- company's cost of accepting cards (RBA standard, enforced by the ACCC); Stripe's Australian card fees are
-- under that for domestic cards, so a higher figure is a typing mistake, not a cost.
ALTER TABLE private.card_payment_settings ADD COLUMN surcharge_bps integer DEFAULT 0 NOT NULL;

-- The audit trigger names a row by its id; the one row's id is its only_row flag.
ALTER TABLE private.card_payment_settings ADD COLUMN id boolean GENERATED ALWAYS AS (only_row) STORED;

ALTER TABLE private.card_payment_settings
    ADD CONSTRAINT card_payment_settings_surcharge_bps_check CHECK (((surcharge_bps >= 0) AND (surcharge_bps <= 300)));

COMMENT ON COLUMN private.card_payment_settings.surcharge_bps IS 'The card surcharge in basis points (0 to 300, i.e. up to 3%); bank transfers have none.';

-- Admin changes to the settings land in the audit log.
CREATE TRIGGER audit_change AFTER UPDATE ON private.card_payment_settings FOR EACH ROW EXECUTE FUNCTION private.audit_change('', 'card payment settings');

-- ---------------------------------------------------------------- the surcharge on an attempt

-- Set when the attempt is made (prepare_card_payment), from the settings at that moment, so the Checkout
-- Session, the member's page and the webhook all use the same figure even if an admin changes it meanwhile.
ALTER TABLE public.card_payment_attempts ADD COLUMN surcharge_bps integer DEFAULT 0 NOT NULL;

ALTER TABLE public.card_payment_attempts ADD COLUMN surcharge_cents integer DEFAULT 0 NOT NULL;

ALTER TABLE public.card_payment_attempts
    ADD CONSTRAINT card_payment_attempts_surcharge_check CHECK (((surcharge_bps >= 0) AND (surcharge_bps <= 300) AND (surcharge_cents >= 0) AND (surcharge_cents <= ((amount_cents * surcharge_bps) / 10000))));

COMMENT ON COLUMN public.card_payment_attempts.surcharge_cents IS 'The card surcharge on top of amount_cents: amount × surcharge_bps / 10000, rounded down to the cent.';

-- The card surcharge on an amount: rounded down to the whole cent, so it never exceeds the percentage shown
-- (src/lib/rules/card-surcharge.ts computes the same for the page; card-surcharge-rules-agree.test.ts).
CREATE FUNCTION private.card_surcharge_cents(p_amount_cents integer, p_bps integer) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select ((p_amount_cents::bigint * p_bps) / 10000)::integer
$$;

REVOKE ALL ON FUNCTION private.card_surcharge_cents(p_amount_cents integer, p_bps integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.card_surcharge_cents(p_amount_cents integer, p_bps integer) TO service_role;

CREATE FUNCTION private.set_attempt_surcharge() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.surcharge_bps := coalesce((select s.surcharge_bps from private.card_payment_settings s), 0);
  new.surcharge_cents := private.card_surcharge_cents(new.amount_cents, new.surcharge_bps);
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.set_attempt_surcharge() FROM PUBLIC;
GRANT ALL ON FUNCTION private.set_attempt_surcharge() TO service_role;

CREATE TRIGGER set_surcharge BEFORE INSERT ON public.card_payment_attempts FOR EACH ROW EXECUTE FUNCTION private.set_attempt_surcharge();

-- ---------------------------------------------------------------- the surcharge in the ledger

-- What a card payment carried on top for the surcharge: the money Stripe took is amount_cents +
-- surcharge_cents; only amount_cents counts toward the booking. Bank transfers carry none.
ALTER TABLE public.payments ADD COLUMN surcharge_cents integer DEFAULT 0 NOT NULL;

ALTER TABLE public.payments
    ADD CONSTRAINT payments_surcharge_cents_check CHECK (((surcharge_cents >= 0) AND ((method = 'card'::text) OR (surcharge_cents = 0))));

COMMENT ON COLUMN public.payments.surcharge_cents IS 'A card payment''s surcharge, charged on top of amount_cents; the company''s revenue (GST-inclusive), not the booking''s.';

-- ---------------------------------------------------------------- what members read

-- What a signed-in member needs to choose how to pay, in one call: the bank account (null fields before the
-- company entered it), whether cards are taken, and the surcharge on them. A visitor is refused (42501).
CREATE FUNCTION public.payment_options() RETURNS TABLE(account_name text, bank_name text, bsb text, account_number text, cards_enabled boolean, card_surcharge_bps integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if auth.uid() is null then
    raise exception 'sign in to see how to pay' using errcode = '42501';
  end if;
  return query
    select d.account_name, d.bank_name, d.bsb, d.account_number,
           coalesce(s.enabled, false), coalesce(s.surcharge_bps, 0)
    from (select true as one) o
    left join private.card_payment_settings s on true
    left join private.company_bank_details d on true;
end
$$;

REVOKE ALL ON FUNCTION public.payment_options() FROM PUBLIC;
GRANT ALL ON FUNCTION public.payment_options() TO authenticated;
GRANT ALL ON FUNCTION public.payment_options() TO service_role;

-- ---------------------------------------------------------------- what admins change

-- An admin turns cards on or off and sets the surcharge (basis points). Others are refused (42501); a
-- surcharge out of range is refused in words (22023) and nothing changes. Answers the settings as saved.
CREATE FUNCTION public.set_card_payment_settings(p_enabled boolean, p_surcharge_bps integer) RETURNS TABLE(cards_enabled boolean, card_surcharge_bps integer)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not private.is_admin() then
    raise exception 'only admins change the card payment settings' using errcode = '42501';
  end if;
  if p_enabled is null then
    raise exception 'Say whether members may pay by card.' using errcode = '22023';
  end if;
  if p_surcharge_bps is null or p_surcharge_bps < 0 or p_surcharge_bps > 300 then
    raise exception 'A card surcharge is between 0%% and 3%%.' using errcode = '22023';
  end if;
  return query
    update private.card_payment_settings s set enabled = p_enabled, surcharge_bps = p_surcharge_bps
    where s.only_row
    returning s.enabled, s.surcharge_bps;
end
$$;

REVOKE ALL ON FUNCTION public.set_card_payment_settings(p_enabled boolean, p_surcharge_bps integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_card_payment_settings(p_enabled boolean, p_surcharge_bps integer) TO authenticated;
GRANT ALL ON FUNCTION public.set_card_payment_settings(p_enabled boolean, p_surcharge_bps integer) TO service_role;

-- The settings for /admin/stripe-settings, for admins only (42501 otherwise): the stripe-settings Edge
-- Function also asks it, with the caller's own token, to know the caller is an admin.
CREATE FUNCTION public.admin_card_payment_settings() RETURNS TABLE(cards_enabled boolean, card_surcharge_bps integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not private.is_admin() then
    raise exception 'only admins see the card payment settings' using errcode = '42501';
  end if;
  return query select s.enabled, s.surcharge_bps from private.card_payment_settings s;
end
$$;

REVOKE ALL ON FUNCTION public.admin_card_payment_settings() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_card_payment_settings() TO authenticated;
GRANT ALL ON FUNCTION public.admin_card_payment_settings() TO service_role;
