-- Refunds of store orders, in whole or part (issue 24, decision 0097). An admin refunds an order with
-- public.refund_order: a card-paid order gets a 'requested' refund that the stripe-refund Edge Function makes
-- on the order's PaymentIntent (once per refund: its id is Stripe's idempotency key); a bank-transfer order's
-- refund is recorded as made (the admin has sent the money). The order's row is the lock, so two admins
-- cannot refund the same money. An unshipped order may put its items back on the shelf, once. A refund made
-- in Stripe's Dashboard, or reported first by the webhook, is recorded once by its Stripe id. "Refunded in
-- full" is derived (nothing left to refund), never a state of its own. The member is e-mailed once per refund made.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261206001001_order_refunds:
--   Refunds of store orders (card through Stripe, bank transfer by hand), their e-mail, the stripe-refund
--   function's two calls, the webhook's record of an order's refund, and the steps refusing a refunded order.
-- 20261206001002_schedule_order_refunds:
--   The scheduler wakes stripe-refund every 10 minutes while an order refund waits.

-- ---------------------------------------------------------------- public.order_refunds

-- One refund of one order: how much, why, how (the way the order was paid), who asked (null: made in
-- Stripe's Dashboard) and where it is. A card refund is 'requested' until the stripe-refund function has
-- asked Stripe, then 'made' (Stripe's refund id) or 'failed' (Stripe's words); a bank transfer refund is
-- 'made' when recorded. stock_returned: this refund put the order's items back on the shelf (once per order).
-- Admins read all; the member reads their own order's; nobody writes them through the API.
CREATE TABLE public.order_refunds (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    order_id uuid NOT NULL,
    amount_cents integer NOT NULL,
    method text NOT NULL,
    reason text NOT NULL,
    state text DEFAULT 'requested'::text NOT NULL,
    stripe_refund_id text,
    failure text,
    stock_returned boolean DEFAULT false NOT NULL,
    requested_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    settled_at timestamp with time zone,
    CONSTRAINT order_refunds_amount_cents_check CHECK ((amount_cents > 0)),
    CONSTRAINT order_refunds_method_check CHECK ((method = ANY (ARRAY['card'::text, 'bank_transfer'::text]))),
    CONSTRAINT order_refunds_reason_check CHECK ((private.is_trimmed(reason) AND (char_length(reason) >= 1) AND (char_length(reason) <= 300))),
    CONSTRAINT order_refunds_state_check CHECK ((state = ANY (ARRAY['requested'::text, 'made'::text, 'failed'::text]))),
    CONSTRAINT order_refunds_stripe_refund_id_check CHECK ((stripe_refund_id ~ '^re_[A-Za-z0-9]{1,200}$'::text)),
    CONSTRAINT order_refunds_failure_check CHECK ((((state = 'failed'::text) = (failure IS NOT NULL)) AND (char_length(failure) <= 300))),
    CONSTRAINT order_refunds_settled_check CHECK (((state = 'requested'::text) = (settled_at IS NULL))),
    CONSTRAINT order_refunds_card_check CHECK ((((method = 'card'::text) AND ((state = 'made'::text) = (stripe_refund_id IS NOT NULL))) OR ((method = 'bank_transfer'::text) AND (state = 'made'::text) AND (stripe_refund_id IS NULL))))
);

COMMENT ON TABLE public.order_refunds IS 'Refunds of store orders: refund_order (admins), the stripe-refund function and the webhook only.';

COMMENT ON COLUMN public.order_refunds.stock_returned IS 'This refund put the order''s items back on the shelf (at most one refund of an order does).';

ALTER TABLE ONLY public.order_refunds
    ADD CONSTRAINT order_refunds_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.order_refunds
    ADD CONSTRAINT order_refunds_stripe_refund_id_key UNIQUE (stripe_refund_id);

ALTER TABLE ONLY public.order_refunds
    ADD CONSTRAINT order_refunds_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id) ON DELETE RESTRICT;

ALTER TABLE ONLY public.order_refunds
    ADD CONSTRAINT order_refunds_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES public.profiles(id) ON DELETE SET NULL;

CREATE INDEX order_refunds_order_id_idx ON public.order_refunds USING btree (order_id, created_at);

CREATE INDEX order_refunds_requested_idx ON public.order_refunds USING btree (created_at) WHERE (state = 'requested'::text);

CREATE INDEX order_refunds_requested_by_idx ON public.order_refunds USING btree (requested_by);

-- An order's items go back on the shelf once, whichever refund did it.
CREATE UNIQUE INDEX order_refunds_stock_returned_key ON public.order_refunds USING btree (order_id) WHERE stock_returned;

ALTER TABLE public.order_refunds ENABLE ROW LEVEL SECURITY;

CREATE POLICY order_refunds_select_authenticated ON public.order_refunds FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.orders o
  WHERE ((o.id = order_refunds.order_id) AND (o.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

-- An admin's refund lands in the audit log (Stripe's answers, through the service role, have no admin).
CREATE TRIGGER audit_change AFTER INSERT OR UPDATE ON public.order_refunds FOR EACH ROW EXECUTE FUNCTION private.audit_change('reason', 'order refund');

GRANT ALL ON TABLE public.order_refunds TO service_role;
GRANT SELECT ON TABLE public.order_refunds TO authenticated;

-- ---------------------------------------------------------------- what is left to refund

-- What is still refundable on an order: its total less refunds made or on their way to Stripe (a failed one
-- gives its amount back). Never below zero: a refund made in Stripe's Dashboard may exceed it.
CREATE FUNCTION private.order_refundable_cents(p_order_id uuid) RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select greatest(0, o.total_cents - coalesce((select sum(r.amount_cents) from public.order_refunds r
                                               where r.order_id = o.id and r.state <> 'failed'), 0))::integer
  from public.orders o where o.id = p_order_id
$$;

REVOKE ALL ON FUNCTION private.order_refundable_cents(p_order_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.order_refundable_cents(p_order_id uuid) TO service_role;

-- ---------------------------------------------------------------- the refund's e-mail

-- Queues the e-mail of a refund made to the order's member: "We've refunded $x to your card (or bank
-- account) for order S100001", with the reason. Called once per refund, when it becomes 'made'.
CREATE FUNCTION private.queue_order_refund_mail(p_refund_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.company_settings;
  r public.order_refunds;
  o public.orders;
  recipient text;
  greeting text;
  heading text;
  order_url text;
begin
  select * into settings from private.company_settings;
  select * into r from public.order_refunds where id = p_refund_id;
  select * into o from public.orders where id = r.order_id;
  select who.email, who.greeting into recipient, greeting from private.mail_recipient(o.user_id) who;
  if settings is null or o.id is null or r.state <> 'made' or recipient is null then
    return;
  end if;
  order_url := settings.site_url || '/store/order?order=' || o.id;
  heading := 'We''ve refunded ' || private.mail_money(r.amount_cents, o.currency) || ' to your '
    || case when r.method = 'card' then 'card' else 'bank account' end || ' for order ' || o.number || '.';
  insert into private.outbound_mail (recipient, reply_to, subject, body, html_body)
  values (
    recipient, settings.contact_email, 'Refund for order ' || o.number,
    'Hello ' || greeting || E',\n\n' || heading
      || E'\n\nReason: ' || r.reason
      || case when r.method = 'card' then E'\n\nYour bank may take 5 to 10 business days to show it.' else '' end
      || E'\n\nYour order: ' || order_url
      || E'\n\n-- \n' || settings.brand_name || E'\nYou receive this because you placed an order in our store. '
      || 'Questions? Reply to this e-mail.',
    '<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>Your refund</title></head>'
      || '<body style="font-family:sans-serif;line-height:1.5">'
      || '<h1>Refund for order ' || o.number || '</h1>'
      || '<p>Hello ' || private.html_escape(greeting) || ',</p><p>' || private.html_escape(heading) || '</p>'
      || '<p>Reason: ' || private.html_escape(r.reason) || '</p>'
      || case when r.method = 'card' then '<p>Your bank may take 5 to 10 business days to show it.</p>' else '' end
      || '<p><a href="' || private.html_escape(order_url) || '">Your order</a></p>'
      || '<hr><p>' || private.html_escape(settings.brand_name)
      || '<br>You receive this because you placed an order in our store. Questions? Reply to this e-mail.</p></body></html>'
  );
  perform pg_notify('outbound_mail', '');
end
$$;

REVOKE ALL ON FUNCTION private.queue_order_refund_mail(p_refund_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_order_refund_mail(p_refund_id uuid) TO service_role;

-- ---------------------------------------------------------------- refunding an order

-- An admin refunds p_amount_cents of an order (all that is left when null), for a reason, and optionally
-- puts its items back on the shelf. Refused in words: not an admin (42501), no such order (P0002), an order
-- not paid or expired, items already shipped or collected or already back on the shelf (55000), nothing left,
-- an amount out of range, no reason (22023). The order's row is locked first, so a second admin waits and
-- then sees what the first left. A card order's refund waits for the stripe-refund function; a bank
-- transfer order's is made now and the member is e-mailed.
CREATE FUNCTION public.refund_order(p_order_id uuid, p_amount_cents integer, p_reason text, p_return_stock boolean DEFAULT false) RETURNS public.order_refunds
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  o public.orders;
  refundable integer;
  refund public.order_refunds;
begin
  perform private.require_admin('refund an order');
  select * into o from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'That order does not exist.' using errcode = 'P0002';
  end if;
  if o.state = 'expired' then
    raise exception 'Order % expired unpaid: there is nothing to refund.', o.number using errcode = '55000';
  end if;
  if o.state = 'awaiting_payment' then
    raise exception 'Order % is not paid yet: there is nothing to refund.', o.number using errcode = '55000';
  end if;
  if o.pay_by = 'card' and o.stripe_payment_intent is null then
    raise exception 'Order % has no card payment recorded to refund.', o.number using errcode = '55000';
  end if;
  refundable := private.order_refundable_cents(o.id);
  if refundable <= 0 then
    raise exception 'Order % has been refunded in full.', o.number using errcode = '22023';
  end if;
  if p_amount_cents is not null and p_amount_cents < 1 then
    raise exception 'A refund is at least $0.01.' using errcode = '22023';
  end if;
  if p_amount_cents > refundable then
    raise exception 'That is more than is left to refund on order % (%).', o.number, private.money_text(refundable)
      using errcode = '22023';
  end if;
  if p_reason is null or btrim(p_reason) = '' then
    raise exception 'Say why the money is going back.' using errcode = '22023';
  end if;
  if char_length(btrim(p_reason)) > 300 then
    raise exception 'Keep the reason to 300 characters.' using errcode = '22023';
  end if;
  if coalesce(p_return_stock, false) then
    if o.state = 'shipped' then
      raise exception 'Order % is already %: its items cannot go back on the shelf.', o.number,
        case when o.delivery = 'pickup' then 'collected' else 'shipped' end using errcode = '55000';
    end if;
    if exists (select 1 from public.order_refunds r where r.order_id = o.id and r.stock_returned) then
      raise exception 'Order %''s items are already back on the shelf.', o.number using errcode = '55000';
    end if;
  end if;
  insert into public.order_refunds (order_id, amount_cents, method, reason, state, stock_returned, requested_by,
                                    settled_at)
  values (o.id, coalesce(p_amount_cents, refundable), o.pay_by, btrim(p_reason),
          case when o.pay_by = 'card' then 'requested' else 'made' end, coalesce(p_return_stock, false),
          auth.uid(), case when o.pay_by = 'bank_transfer' then now() end)
  returning * into refund;
  if refund.stock_returned then
    perform private.return_order_stock(o.id);
  end if;
  if refund.state = 'made' then
    perform private.queue_order_refund_mail(refund.id);
  end if;
  return refund;
end
$$;

REVOKE ALL ON FUNCTION public.refund_order(p_order_id uuid, p_amount_cents integer, p_reason text, p_return_stock boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.refund_order(p_order_id uuid, p_amount_cents integer, p_reason text, p_return_stock boolean) TO authenticated;
GRANT ALL ON FUNCTION public.refund_order(p_order_id uuid, p_amount_cents integer, p_reason text, p_return_stock boolean) TO service_role;

-- ---------------------------------------------------------------- making it (the stripe-refund function)

-- The order refunds still to ask Stripe for (one, or the oldest 50), with the PaymentIntent they are made
-- on. The service role only: the stripe-refund function.
CREATE FUNCTION public.order_refunds_to_make(p_refund_id uuid DEFAULT NULL::uuid) RETURNS TABLE(id uuid, order_id uuid, payment_intent text, amount_cents integer, currency text, reason text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select r.id, o.id, o.stripe_payment_intent, r.amount_cents, o.currency, r.reason
  from public.order_refunds r
  join public.orders o on o.id = r.order_id
  where r.state = 'requested' and (p_refund_id is null or r.id = p_refund_id)
  order by r.created_at
  limit 50
$$;

REVOKE ALL ON FUNCTION public.order_refunds_to_make(p_refund_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.order_refunds_to_make(p_refund_id uuid) TO service_role;

-- What Stripe answered for an order refund: the refund it made (Stripe's Refund object, which must be the one
-- asked for) or its refusal in its words. Only a refund still 'requested' changes, so the e-mail goes once;
-- a repeat, or one the webhook settled first, answers the row as it is.
CREATE FUNCTION public.settle_order_refund(p_refund_id uuid, p_refund jsonb DEFAULT NULL::jsonb, p_failure text DEFAULT NULL::text) RETURNS public.order_refunds
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  refund public.order_refunds;
begin
  if (p_refund is null) = (p_failure is null) then
    raise exception 'settle an order refund with Stripe''s refund or its refusal' using errcode = '22023';
  end if;
  select * into refund from public.order_refunds where id = p_refund_id for update;
  if not found then
    raise exception 'no such order refund' using errcode = 'P0002';
  end if;
  if refund.state <> 'requested' then
    return refund;
  end if;
  if p_failure is not null then
    update public.order_refunds
    set state = 'failed', failure = left(coalesce(nullif(btrim(p_failure), ''), 'Stripe refused it.'), 300),
        settled_at = now()
    where id = refund.id returning * into refund;
    return refund;
  end if;
  if p_refund ->> 'id' !~ '^re_[A-Za-z0-9]{1,200}$'
     or (p_refund ->> 'amount') is distinct from refund.amount_cents::text
     or p_refund ->> 'payment_intent' is distinct from
        (select o.stripe_payment_intent from public.orders o where o.id = refund.order_id) then
    raise exception 'Stripe''s refund is not the one asked for' using errcode = '22023';
  end if;
  update public.order_refunds
  set state = 'made', stripe_refund_id = p_refund ->> 'id', settled_at = now()
  where id = refund.id returning * into refund;
  perform private.queue_order_refund_mail(refund.id);
  return refund;
end
$$;

REVOKE ALL ON FUNCTION public.settle_order_refund(p_refund_id uuid, p_refund jsonb, p_failure text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.settle_order_refund(p_refund_id uuid, p_refund jsonb, p_failure text) TO service_role;

-- The scheduler's wake-up for order refunds a lost call left 'requested' (the function retries each with
-- the same idempotency key). Nothing is called when nothing waits.
CREATE FUNCTION private.wake_order_refunds() RETURNS bigint
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.invoke_edge_function('stripe-refund', '{"kind": "order"}'::jsonb)
  where exists (select 1 from public.order_refunds r where r.state = 'requested')
$$;

REVOKE ALL ON FUNCTION private.wake_order_refunds() FROM PUBLIC;
GRANT ALL ON FUNCTION private.wake_order_refunds() TO service_role;

-- ---------------------------------------------------------------- the webhook

-- The webhook's part for a refund of an order's PaymentIntent (refund.created, refund.updated): recorded
-- once by its Stripe id. A refund the stripe-refund function asked for (metadata.order_refund_id) and the
-- webhook reports first settles that request; any other (made in Stripe's Dashboard) is a refund of its own,
-- flagged when it is more than was left. A refund not yet succeeded waits for its refund.updated.
CREATE FUNCTION private.record_order_refund(p_refund jsonb, OUT result text, OUT detail text) RETURNS record
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  o public.orders;
  refund public.order_refunds;
  amount integer;
begin
  select * into o from public.orders where stripe_payment_intent = p_refund ->> 'payment_intent' for update;
  if not found then
    result := 'ignored';
    return;
  end if;
  if exists (select 1 from public.order_refunds r where r.stripe_refund_id = p_refund ->> 'id') then
    result := 'refund_already_recorded';
    return;
  end if;
  if p_refund ->> 'status' is distinct from 'succeeded' then
    result := 'refund_pending';
    return;
  end if;
  if p_refund ->> 'id' !~ '^re_[A-Za-z0-9]{1,200}$' or jsonb_typeof(p_refund -> 'amount') <> 'number'
     or (p_refund ->> 'amount')::numeric not between 1 and 2147483647
     or (p_refund ->> 'amount')::numeric <> trunc((p_refund ->> 'amount')::numeric) then
    raise exception 'a refund has a re_ id and an amount of at least 1 cent' using errcode = '22023';
  end if;
  amount := (p_refund ->> 'amount')::integer;
  result := 'refund_recorded';
  update public.order_refunds r set state = 'made', stripe_refund_id = p_refund ->> 'id', settled_at = now()
  where r.id::text = lower(p_refund #>> '{metadata,order_refund_id}') and r.order_id = o.id
    and r.state = 'requested' and r.amount_cents = amount
  returning * into refund;
  if refund.id is null then
    if amount > private.order_refundable_cents(o.id) then
      result := 'needs_attention';
      detail := 'Order ' || o.number || ' was refunded in Stripe more than was left to refund: check its refunds.';
    end if;
    insert into public.order_refunds (order_id, amount_cents, method, reason, state, stripe_refund_id, settled_at)
    values (o.id, amount, 'card', 'Refunded in Stripe''s Dashboard.', 'made', p_refund ->> 'id', now())
    returning * into refund;
  end if;
  perform private.queue_order_refund_mail(refund.id);
end
$$;

REVOKE ALL ON FUNCTION private.record_order_refund(p_refund jsonb, OUT result text, OUT detail text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.record_order_refund(p_refund jsonb, OUT result text, OUT detail text) TO service_role;

-- ---------------------------------------------------------------- the member's data: order refunds as staff

-- Order refunds the member asked for as an admin: the company's financial records, kept at deletion (the
-- id goes, set null, if the account is deleted), as refunds_as_staff (33_operator_cancellations.sql).
CREATE FUNCTION private.export_order_refunds_as_staff(member uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at, r.id), '[]'::jsonb)
  from public.order_refunds r where r.requested_by = member
$$;

REVOKE ALL ON FUNCTION private.export_order_refunds_as_staff(member uuid) FROM PUBLIC;

CREATE FUNCTION private.forget_order_refunds_as_staff(member uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$ select $$;

REVOKE ALL ON FUNCTION private.forget_order_refunds_as_staff(member uuid) FROM PUBLIC;

INSERT INTO private.member_data_parts (part, "position", member_columns) VALUES ('order_refunds_as_staff', 193, '{public.order_refunds.requested_by}');
