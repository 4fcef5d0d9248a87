-- The store's orders (issue 24, checkout; decision 0091): a member checks out their cart, to an Australian
-- address or for pickup, and pays by card (Stripe Checkout, a payment of its own, apart from any trip's) or by
-- bank transfer. public.place_order prices the cart with public.price_cart (one rule for prices), adds the
-- shipping, and takes the stock in the same transaction, so two buyers of the last item get one order and one
-- clear message. Orders nobody paid expire and give their stock back (a job every 5 minutes); the webhook
-- marks a card order paid once. Members read their own orders; nobody writes them through the API.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261204000001_store_orders:
--   Orders and their lines, placed from the cart with the stock taken at once, shipping or pickup, their
--   e-mails, expiry that returns the stock, and card payments of orders through the webhook.

-- ---------------------------------------------------------------- the store's settings for orders

ALTER TABLE public.store_settings ADD COLUMN shipping_cents integer DEFAULT 1200 NOT NULL;

ALTER TABLE public.store_settings ADD COLUMN bank_transfer_days smallint DEFAULT 7 NOT NULL;

ALTER TABLE public.store_settings ADD CONSTRAINT store_settings_shipping_cents_check CHECK (((shipping_cents >= 0) AND (shipping_cents <= 100000)));

ALTER TABLE public.store_settings ADD CONSTRAINT store_settings_bank_transfer_days_check CHECK (((bank_transfer_days >= 1) AND (bank_transfer_days <= 30)));

COMMENT ON COLUMN public.store_settings.shipping_cents IS 'What posting an order anywhere in Australia costs, GST included, in cents; pickup is free.';

COMMENT ON COLUMN public.store_settings.bank_transfer_days IS 'How many days an order paid by bank transfer waits for the money before it expires.';

GRANT UPDATE(shipping_cents, bank_transfer_days) ON TABLE public.store_settings TO authenticated;

-- ---------------------------------------------------------------- Australian addresses

-- Whether a four-digit postcode belongs to the state or territory (Australia Post's ranges, PO boxes and
-- large-volume receivers included). The same table is in src/lib/rules/address.ts; store-address-rules-agree
-- runs every postcode through both.
CREATE FUNCTION private.is_au_postcode(p_state text, p_postcode text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(p_postcode ~ '^[0-9]{4}$' and case p_state
    when 'NSW' then p_postcode::integer between 1000 and 2599 or p_postcode::integer between 2619 and 2899
                    or p_postcode::integer between 2921 and 2999
    when 'ACT' then p_postcode::integer between 200 and 299 or p_postcode::integer between 2600 and 2618
                    or p_postcode::integer between 2900 and 2920
    when 'VIC' then p_postcode::integer between 3000 and 3999 or p_postcode::integer between 8000 and 8999
    when 'QLD' then p_postcode::integer between 4000 and 4999 or p_postcode::integer between 9000 and 9999
    when 'SA' then p_postcode::integer between 5000 and 5999
    when 'WA' then p_postcode::integer between 6000 and 6999
    when 'TAS' then p_postcode::integer between 7000 and 7999
    when 'NT' then p_postcode::integer between 800 and 999
    else false end, false)
$$;

REVOKE ALL ON FUNCTION private.is_au_postcode(p_state text, p_postcode text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_au_postcode(p_state text, p_postcode text) TO service_role;

-- What is wrong with a delivery address, in words for the buyer, or null when it will do: a name and a
-- street line (1 to 100 characters), an optional second line (at most 100), a suburb (1 to 60), one of the
-- eight states and territories, and a postcode of that state. Every field trimmed and on one line. The
-- orders table's check and place_order both ask it; src/lib/rules/address.ts says the same.
CREATE FUNCTION private.delivery_address_problem(p_name text, p_line1 text, p_line2 text, p_suburb text, p_state text, p_postcode text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case
    when coalesce(p_name, '') = '' then 'Please enter the name to post to.'
    when not private.is_trimmed(p_name) or char_length(p_name) > 100 or p_name ~ '[\u0001-\u001F\u007F-\u009F]'
      then 'The name must be one line of 100 characters or fewer.'
    when coalesce(p_line1, '') = '' then 'Please enter the street address.'
    when not private.is_trimmed(p_line1) or char_length(p_line1) > 100 or p_line1 ~ '[\u0001-\u001F\u007F-\u009F]'
      then 'The street address must be one line of 100 characters or fewer.'
    when p_line2 is not null and (p_line2 = '' or not private.is_trimmed(p_line2) or char_length(p_line2) > 100
                                  or p_line2 ~ '[\u0001-\u001F\u007F-\u009F]')
      then 'The second address line must be one line of 100 characters or fewer.'
    when coalesce(p_suburb, '') = '' then 'Please enter the suburb or town.'
    when not private.is_trimmed(p_suburb) or char_length(p_suburb) > 60 or p_suburb ~ '[\u0001-\u001F\u007F-\u009F]'
      then 'The suburb must be one line of 60 characters or fewer.'
    when p_state is null or p_state not in ('ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA')
      then 'Please choose the state or territory.'
    when p_postcode is null or p_postcode !~ '^[0-9]{4}$' then 'A postcode is four digits, e.g. 2000.'
    when not private.is_au_postcode(p_state, p_postcode)
      then 'Postcode ' || p_postcode || ' is not in ' || p_state || '. Please check the postcode and the state.'
  end
$$;

REVOKE ALL ON FUNCTION private.delivery_address_problem(p_name text, p_line1 text, p_line2 text, p_suburb text, p_state text, p_postcode text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.delivery_address_problem(p_name text, p_line1 text, p_line2 text, p_suburb text, p_state text, p_postcode text) TO service_role;

-- ---------------------------------------------------------------- public.orders

-- Order numbers a person can read out and type as a bank reference: S100001, S100002, …
CREATE SEQUENCE private.order_number_seq
    START WITH 100001
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

-- One order: who placed it, how it is paid and delivered, its amounts as priced when placed (GST included,
-- whole cents), and its state: awaiting_payment until paid (card: the webhook; bank transfer: an admin), or
-- expired with its stock returned; packed and shipped are for the admins' screens. Written by place_order,
-- the webhook and the expiry job only; the member reads their own, admins all.
CREATE TABLE public.orders (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    number text NOT NULL,
    user_id uuid NOT NULL,
    state text DEFAULT 'awaiting_payment'::text NOT NULL,
    pay_by text NOT NULL,
    delivery text NOT NULL,
    ship_name text,
    ship_line1 text,
    ship_line2 text,
    ship_suburb text,
    ship_state text,
    ship_postcode text,
    discount_percent integer NOT NULL,
    subtotal_cents integer NOT NULL,
    discount_cents integer NOT NULL,
    shipping_cents integer NOT NULL,
    total_cents integer NOT NULL,
    gst_cents integer NOT NULL,
    currency text DEFAULT 'AUD'::text NOT NULL,
    placed_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    paid_at timestamp with time zone,
    checkout_session_id text,
    stripe_payment_intent text,
    CONSTRAINT orders_number_check CHECK ((number ~ '^S[0-9]{6,9}$'::text)),
    CONSTRAINT orders_state_check CHECK ((state = ANY (ARRAY['awaiting_payment'::text, 'paid'::text, 'expired'::text, 'packed'::text, 'shipped'::text]))),
    CONSTRAINT orders_pay_by_check CHECK ((pay_by = ANY (ARRAY['card'::text, 'bank_transfer'::text]))),
    CONSTRAINT orders_delivery_check CHECK ((((delivery = 'pickup'::text) AND (ship_name IS NULL) AND (ship_line1 IS NULL) AND (ship_line2 IS NULL) AND (ship_suburb IS NULL) AND (ship_state IS NULL) AND (ship_postcode IS NULL) AND (shipping_cents = 0)) OR ((delivery = 'ship'::text) AND (private.delivery_address_problem(ship_name, ship_line1, ship_line2, ship_suburb, ship_state, ship_postcode) IS NULL)))),
    CONSTRAINT orders_discount_percent_check CHECK (((discount_percent >= 0) AND (discount_percent <= 50))),
    CONSTRAINT orders_amounts_check CHECK (((subtotal_cents > 0) AND (discount_cents >= 0) AND (discount_cents < subtotal_cents) AND (shipping_cents >= 0) AND (total_cents = ((subtotal_cents - discount_cents) + shipping_cents)))),
    CONSTRAINT orders_gst_cents_check CHECK (((gst_cents)::numeric = round(((total_cents)::numeric / (11)::numeric)))),
    CONSTRAINT orders_currency_check CHECK ((currency = 'AUD'::text)),
    CONSTRAINT orders_paid_check CHECK (((state = ANY (ARRAY['awaiting_payment'::text, 'expired'::text])) = (paid_at IS NULL))),
    CONSTRAINT orders_expiry_check CHECK ((expires_at > placed_at)),
    CONSTRAINT orders_checkout_session_id_check CHECK ((checkout_session_id ~ '^cs_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT orders_stripe_payment_intent_check CHECK ((stripe_payment_intent ~ '^pi_[A-Za-z0-9_]{1,200}$'::text))
);

COMMENT ON TABLE public.orders IS 'Store orders: placed by place_order from a priced cart, paid by card (webhook) or bank transfer, expired when unpaid.';

COMMENT ON COLUMN public.orders.number IS 'The order number the member sees and quotes on a bank transfer (S and six or more digits); also the tax invoice''s number.';

COMMENT ON COLUMN public.orders.expires_at IS 'While awaiting payment: when the order expires and its stock goes back on the shelf.';

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_number_key UNIQUE (number);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_checkout_session_id_key UNIQUE (checkout_session_id);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_stripe_payment_intent_key UNIQUE (stripe_payment_intent);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id);

CREATE INDEX orders_user_id_idx ON public.orders USING btree (user_id, placed_at DESC);

CREATE INDEX orders_awaiting_payment_idx ON public.orders USING btree (expires_at) WHERE (state = 'awaiting_payment'::text);

ALTER TABLE public.orders ENABLE ROW LEVEL SECURITY;

CREATE POLICY orders_select_authenticated ON public.orders FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.orders TO service_role;
GRANT SELECT ON TABLE public.orders TO authenticated;

-- ---------------------------------------------------------------- public.order_lines

-- What an order holds, as priced when it was placed (names and sizes copied: a product renamed or removed
-- later does not change an order). variant_id says which shelf the stock came from and goes back to.
CREATE TABLE public.order_lines (
    order_id uuid NOT NULL,
    "position" smallint NOT NULL,
    variant_id uuid,
    name text NOT NULL,
    size text,
    quantity integer NOT NULL,
    unit_price_cents integer NOT NULL,
    unit_discount_cents integer NOT NULL,
    line_total_cents integer NOT NULL,
    gst_cents integer NOT NULL,
    CONSTRAINT order_lines_position_check CHECK ((("position" >= 1) AND ("position" <= 50))),
    CONSTRAINT order_lines_quantity_check CHECK (((quantity >= 1) AND (quantity <= 20))),
    CONSTRAINT order_lines_prices_check CHECK (((unit_price_cents > 0) AND (unit_discount_cents >= 0) AND (unit_discount_cents < unit_price_cents) AND (line_total_cents = ((unit_price_cents - unit_discount_cents) * quantity)))),
    CONSTRAINT order_lines_gst_cents_check CHECK (((gst_cents)::numeric = round(((line_total_cents)::numeric / (11)::numeric))))
);

COMMENT ON TABLE public.order_lines IS 'The lines of an order as priced when placed (price_cart''s lines), written by place_order only.';

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_pkey PRIMARY KEY (order_id, "position");

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_variant_id_fkey FOREIGN KEY (variant_id) REFERENCES public.product_variants(id) ON DELETE SET NULL;

CREATE INDEX order_lines_variant_id_idx ON public.order_lines USING btree (variant_id);

ALTER TABLE public.order_lines ENABLE ROW LEVEL SECURITY;

CREATE POLICY order_lines_select_authenticated ON public.order_lines FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.orders o
  WHERE ((o.id = order_lines.order_id) AND (o.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.order_lines TO service_role;
GRANT SELECT ON TABLE public.order_lines TO authenticated;

-- ---------------------------------------------------------------- the order e-mails

-- Queues the e-mail about an order to its member (text and HTML): 'placed' for a bank transfer order (what
-- to pay, the bank details with the order number as reference, and by when), 'paid' once paid (the receipt,
-- with a link to the tax invoice). Both list the lines, the discount, shipping, the total and the GST in it.
CREATE FUNCTION private.queue_order_mail(p_order_id uuid, p_kind text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.company_settings;
  bank private.company_bank_details;
  o public.orders;
  recipient text;
  greeting text;
  lines_text text;
  lines_html text;
  amounts_text text;
  amounts_html text;
  delivery_text text;
  pay_text text := '';
  pay_html text := '';
  order_url text;
  subject text;
  heading text;
  text_body text;
  html_body text;
begin
  select * into settings from private.company_settings;
  select * into o from public.orders where id = p_order_id;
  select who.email, who.greeting into recipient, greeting from private.mail_recipient(o.user_id) who;
  if settings is null or o.id is null or recipient is null then
    return;
  end if;
  select * into bank from private.company_bank_details;
  order_url := settings.site_url || '/store/order?order=' || o.id;

  select string_agg('- ' || l.quantity || ' x ' || private.variant_label(l.name, l.size) || ' at '
                    || private.mail_money(l.unit_price_cents - l.unit_discount_cents, o.currency) || ': '
                    || private.mail_money(l.line_total_cents, o.currency), E'\n' order by l.position),
         string_agg('<tr><td>' || l.quantity || ' × ' || private.html_escape(private.variant_label(l.name, l.size))
                    || '</td><td style="text-align:right">'
                    || private.mail_money(l.line_total_cents, o.currency) || '</td></tr>', '' order by l.position)
  into lines_text, lines_html
  from public.order_lines l where l.order_id = o.id;
  amounts_text := case when o.discount_cents > 0
                       then 'Member discount (' || o.discount_percent || '%): -'
                            || private.mail_money(o.discount_cents, o.currency) || E'\n' else '' end
    || case when o.delivery = 'ship' then 'Postage: ' || private.mail_money(o.shipping_cents, o.currency)
            else 'Pickup: free' end
    || E'\nTotal: ' || private.mail_money(o.total_cents, o.currency)
    || E'\nIncludes GST of ' || private.mail_money(o.gst_cents, o.currency);
  amounts_html := case when o.discount_cents > 0
                       then '<tr><td>Member discount (' || o.discount_percent || '%)</td><td style="text-align:right">-'
                            || private.mail_money(o.discount_cents, o.currency) || '</td></tr>' else '' end
    || '<tr><td>' || case when o.delivery = 'ship' then 'Postage' else 'Pickup' end
    || '</td><td style="text-align:right">'
    || case when o.delivery = 'ship' then private.mail_money(o.shipping_cents, o.currency) else 'free' end
    || '</td></tr><tr><td><strong>Total</strong></td><td style="text-align:right"><strong>'
    || private.mail_money(o.total_cents, o.currency) || '</strong></td></tr><tr><td>Includes GST of</td>'
    || '<td style="text-align:right">' || private.mail_money(o.gst_cents, o.currency) || '</td></tr>';
  delivery_text := case when o.delivery = 'ship'
    then 'We will post it to:' || E'\n' || o.ship_name || E'\n' || o.ship_line1 || E'\n'
         || coalesce(o.ship_line2 || E'\n', '') || o.ship_suburb || ' ' || o.ship_state || ' ' || o.ship_postcode
    else 'You will pick it up from us: we will e-mail you when it is ready.' end;

  if p_kind = 'placed' then
    subject := 'Order ' || o.number || ' received: please pay by bank transfer';
    heading := 'Thank you for your order. We are holding the items for you until '
      || to_char(o.expires_at at time zone 'Australia/Sydney', 'FMDay FMDD FMMonth YYYY')
      || '. Once your payment reaches us we will send them on their way.';
    if bank.id is null then
      pay_text := 'Our bank details are on your order page: ' || order_url;
      pay_html := '<p>Our bank details are on <a href="' || private.html_escape(order_url) || '">your order page</a>.</p>';
    else
      pay_text := 'Please pay ' || private.mail_money(o.total_cents, o.currency) || ' by bank transfer to:' || E'\n'
        || 'Account name: ' || bank.account_name || E'\n'
        || coalesce('Bank: ' || bank.bank_name || E'\n', '')
        || 'BSB: ' || substr(bank.bsb, 1, 3) || '-' || substr(bank.bsb, 4, 3) || E'\n'
        || 'Account number: ' || bank.account_number || E'\n'
        || 'Reference: ' || o.number;
      pay_html := '<h2>Pay by bank transfer</h2><p>Please pay <strong>' || private.mail_money(o.total_cents, o.currency)
        || '</strong>, quoting your order number.</p>'
        || '<table><tr><td>Account name</td><td>' || private.html_escape(bank.account_name) || '</td></tr>'
        || coalesce('<tr><td>Bank</td><td>' || private.html_escape(bank.bank_name) || '</td></tr>', '')
        || '<tr><td>BSB</td><td>' || substr(bank.bsb, 1, 3) || '-' || substr(bank.bsb, 4, 3) || '</td></tr>'
        || '<tr><td>Account number</td><td>' || bank.account_number || '</td></tr>'
        || '<tr><td>Reference</td><td><strong>' || o.number || '</strong></td></tr></table>';
    end if;
  else
    subject := 'Order ' || o.number || ' confirmed: thank you';
    heading := 'Thank you: we have received your payment of ' || private.mail_money(o.total_cents, o.currency)
      || ' and your order is confirmed.';
    pay_text := 'Your tax invoice: ' || order_url;
    pay_html := '<p><a href="' || private.html_escape(order_url) || '">Your tax invoice</a></p>';
  end if;

  text_body := 'Hello ' || greeting || E',\n\n' || heading
    || E'\n\nOrder number: ' || o.number
    || E'\n\n' || coalesce(lines_text, '') || E'\n\n' || amounts_text
    || E'\n\n' || delivery_text
    || E'\n\n' || pay_text
    || E'\n\nYour order: ' || order_url
    || E'\n\n-- \n' || settings.brand_name || E'\nYou receive this because you placed an order in our store. '
    || 'Questions? Reply to this e-mail.';
  html_body := '<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>Your order</title></head>'
    || '<body style="font-family:sans-serif;line-height:1.5">'
    || '<h1>Order ' || o.number || '</h1>'
    || '<p>Hello ' || private.html_escape(greeting) || ',</p><p>' || private.html_escape(heading) || '</p>'
    || '<table>' || coalesce(lines_html, '') || amounts_html || '</table>'
    || '<p>' || replace(private.html_escape(delivery_text), E'\n', '<br>') || '</p>'
    || pay_html
    || '<p><a href="' || private.html_escape(order_url) || '">Your order</a></p>'
    || '<hr><p>' || private.html_escape(settings.brand_name)
    || '<br>You receive this because you placed an order in our store. Questions? Reply to this e-mail.</p></body></html>';

  insert into private.outbound_mail (recipient, reply_to, subject, body, html_body)
  values (recipient, settings.contact_email, left(subject, 300), text_body, html_body);
  perform pg_notify('outbound_mail', '');
end
$$;

REVOKE ALL ON FUNCTION private.queue_order_mail(p_order_id uuid, p_kind text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_order_mail(p_order_id uuid, p_kind text) TO service_role;

-- ---------------------------------------------------------------- placing an order

-- A signed-in member places an order for the cart they see: items as price_cart takes them, delivery
-- {"method": "pickup"} or {"method": "ship", "name", "line1", "line2"?, "suburb", "state", "postcode"},
-- pay_by 'card' or 'bank_transfer', and the total the page showed (expected_total_cents): if the database's
-- total differs (a price, the discount or the postage changed, or the page was tampered with), nothing is
-- ordered and the member is told the new total. The stock is taken here, row by row in a fixed order, only
-- where enough is left (UPDATE ... WHERE stock >= quantity): a buyer who loses the race for the last item is
-- told so and nothing of theirs is kept. A bank transfer order waits store_settings.bank_transfer_days days
-- and is e-mailed at once; a card order waits 35 minutes (the Checkout Session's 31 and the webhook's time)
-- and is e-mailed when paid. The member's kept cart is emptied. Refusals (a message fit to show): 42501 not
-- signed in, 22023 a bad cart, address or choice, a changed total, stock gone; 55000 cards off, three
-- orders already awaiting payment.
CREATE FUNCTION public.place_order(items jsonb, delivery jsonb, pay_by text, expected_total_cents integer) RETURNS public.orders
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings public.store_settings;
  priced jsonb;
  method text := delivery ->> 'method';
  problem text;
  shipping integer := 0;
  total integer;
  line record;
  left_now integer;
  placed public.orders;
begin
  if auth.uid() is null or not exists (select 1 from public.profiles p where p.id = auth.uid()) then
    raise exception 'Please sign in to check out.' using errcode = '42501';
  end if;
  if pay_by is null or pay_by not in ('card', 'bank_transfer') then
    raise exception 'Please choose to pay by card or by bank transfer.' using errcode = '22023';
  end if;
  if pay_by = 'card' and not public.card_payments_enabled() then
    raise exception 'Card payments are not available. Please pay by bank transfer.' using errcode = '55000';
  end if;
  if jsonb_typeof(items) = 'array' and jsonb_array_length(items) = 0 then
    raise exception 'Your cart is empty.' using errcode = '22023';
  end if;
  if jsonb_typeof(delivery) is distinct from 'object' or method is null or method not in ('ship', 'pickup') then
    raise exception 'Please choose postage or pickup.' using errcode = '22023';
  end if;
  if method = 'ship' then
    problem := private.delivery_address_problem(delivery ->> 'name', delivery ->> 'line1',
                                                nullif(delivery ->> 'line2', ''), delivery ->> 'suburb',
                                                delivery ->> 'state', delivery ->> 'postcode');
    if problem is not null then
      raise exception '%', problem using errcode = '22023';
    end if;
  end if;
  if (select count(*) from public.orders o where o.user_id = auth.uid() and o.state = 'awaiting_payment') >= 3 then
    raise exception 'You have three orders waiting for payment. Please pay for one, or wait for it to expire, before ordering again.'
      using errcode = '55000';
  end if;

  priced := public.price_cart(items);
  select * into settings from public.store_settings;
  if method = 'ship' then
    shipping := settings.shipping_cents;
  end if;
  total := (priced ->> 'total_cents')::integer + shipping;
  if expected_total_cents is distinct from total then
    raise exception 'The total has changed to %. Please check your order and place it again.',
      private.mail_money(total, 'AUD') using errcode = '22023';
  end if;

  -- The stock, taken in the variants' order so that two orders never wait on each other in a circle.
  for line in
    select (l ->> 'variant_id')::uuid as variant_id, (l ->> 'quantity')::integer as quantity,
           private.variant_label(l ->> 'name', l ->> 'size') as label
    from jsonb_array_elements(priced -> 'lines') l
    order by 1
  loop
    update public.product_variants v set stock = v.stock - line.quantity
    where v.id = line.variant_id and v.stock >= line.quantity;
    if not found then
      select v.stock into left_now from public.product_variants v where v.id = line.variant_id;
      if coalesce(left_now, 0) = 0 then
        raise exception 'Sorry, % has just sold out: someone else bought the last one. Please take it out of your cart.',
          line.label using errcode = '22023';
      end if;
      raise exception 'Sorry, only % of % left now: someone else just bought some. Please change the quantity.',
        left_now, line.label using errcode = '22023';
    end if;
  end loop;

  insert into public.orders (number, user_id, pay_by, delivery, ship_name, ship_line1, ship_line2, ship_suburb,
                             ship_state, ship_postcode, discount_percent, subtotal_cents, discount_cents,
                             shipping_cents, total_cents, gst_cents, expires_at)
  values ('S' || nextval('private.order_number_seq'), auth.uid(), pay_by, method,
          case when method = 'ship' then delivery ->> 'name' end,
          case when method = 'ship' then delivery ->> 'line1' end,
          case when method = 'ship' then nullif(delivery ->> 'line2', '') end,
          case when method = 'ship' then delivery ->> 'suburb' end,
          case when method = 'ship' then delivery ->> 'state' end,
          case when method = 'ship' then delivery ->> 'postcode' end,
          (priced ->> 'discount_percent')::integer, (priced ->> 'subtotal_cents')::integer,
          (priced ->> 'discount_cents')::integer, shipping, total, round(total / 11.0)::integer,
          case when pay_by = 'card' then now() + interval '35 minutes'
               else now() + make_interval(days => settings.bank_transfer_days) end)
  returning * into placed;
  insert into public.order_lines (order_id, position, variant_id, name, size, quantity, unit_price_cents,
                                  unit_discount_cents, line_total_cents, gst_cents)
  select placed.id, l.n, (l.value ->> 'variant_id')::uuid, l.value ->> 'name', l.value ->> 'size',
         (l.value ->> 'quantity')::integer, (l.value ->> 'unit_price_cents')::integer,
         (l.value ->> 'unit_discount_cents')::integer, (l.value ->> 'line_total_cents')::integer,
         (l.value ->> 'gst_cents')::integer
  from jsonb_array_elements(priced -> 'lines') with ordinality l(value, n);
  delete from public.cart_items c where c.user_id = auth.uid();
  if pay_by = 'bank_transfer' then
    perform private.queue_order_mail(placed.id, 'placed');
  end if;
  return placed;
end
$$;

REVOKE ALL ON FUNCTION public.place_order(items jsonb, delivery jsonb, pay_by text, expected_total_cents integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.place_order(items jsonb, delivery jsonb, pay_by text, expected_total_cents integer) TO authenticated;
GRANT ALL ON FUNCTION public.place_order(items jsonb, delivery jsonb, pay_by text, expected_total_cents integer) TO service_role;

-- ---------------------------------------------------------------- paying an order by card

-- What the store-checkout Edge Function asks, as the member, before it makes a Checkout Session for an order:
-- the member's own card order, still awaiting payment and not about to expire (P0002 for anyone else's or an
-- unknown one; 55000 when cards are off, the order is paid, expired or too close to expiring). The amount is
-- the order's, never the browser's.
CREATE FUNCTION public.order_to_pay_by_card(p_order_id uuid) RETURNS public.orders
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  o public.orders;
begin
  if auth.uid() is null then
    raise exception 'Please sign in to pay by card.' using errcode = '42501';
  end if;
  select * into o from public.orders where id = p_order_id and user_id = auth.uid();
  if not found then
    raise exception 'no such order' using errcode = 'P0002';
  end if;
  if not public.card_payments_enabled() then
    raise exception 'Card payments are not available. Please contact us to pay another way.' using errcode = '55000';
  end if;
  if o.state <> 'awaiting_payment' then
    raise exception 'This order is %.', case when o.state = 'expired' then 'no longer held: it expired' else 'already paid' end
      using errcode = '55000';
  end if;
  if o.pay_by <> 'card' then
    raise exception 'This order is paid by bank transfer: the bank details are on the order.' using errcode = '55000';
  end if;
  if o.expires_at < now() + interval '2 minutes' then
    raise exception 'This order is no longer held. Please order again.' using errcode = '55000';
  end if;
  return o;
end
$$;

REVOKE ALL ON FUNCTION public.order_to_pay_by_card(p_order_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.order_to_pay_by_card(p_order_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.order_to_pay_by_card(p_order_id uuid) TO service_role;

-- Puts an expired order's stock back on the shelf (lines whose variant was since removed have nowhere to go).
CREATE FUNCTION private.return_order_stock(p_order_id uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.product_variants v set stock = least(v.stock + l.quantity, 100000)
  from (select variant_id, sum(quantity)::integer as quantity from public.order_lines
        where order_id = p_order_id and variant_id is not null group by variant_id) l
  where v.id = l.variant_id;
$$;

REVOKE ALL ON FUNCTION private.return_order_stock(p_order_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.return_order_stock(p_order_id uuid) TO service_role;

-- The webhook's part for a Checkout Session made for an order (metadata.order_id): paid once (a second
-- delivery is already_recorded), the confirmation e-mailed; an expired session expires an order still
-- awaiting payment and returns its stock. A payment for an order that expired meanwhile takes its stock
-- again if it is still there, else it is recorded and flagged for a refund; an amount that is not the
-- order's is recorded and flagged too.
CREATE FUNCTION private.apply_order_session(p_type text, p_session jsonb, OUT result text, OUT detail text) RETURNS record
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  o public.orders;
  intent text := p_session ->> 'payment_intent';
  short integer;
begin
  select * into o from public.orders
  where id::text = lower(p_session #>> '{metadata,order_id}') for update;
  if not found then
    result := 'ignored';
    return;
  end if;
  if p_type = 'checkout.session.expired' then
    if o.state = 'awaiting_payment' and o.pay_by = 'card' then
      update public.orders set state = 'expired' where id = o.id;
      perform private.return_order_stock(o.id);
      result := 'hold_released';
    else
      result := 'nothing_to_release';
    end if;
    return;
  end if;
  if p_type = 'checkout.session.async_payment_failed' then
    result := 'payment_failed';
    return;
  end if;
  if not (p_type = 'checkout.session.async_payment_succeeded'
          or p_type = 'checkout.session.completed' and p_session ->> 'payment_status' = 'paid') then
    result := case when p_type = 'checkout.session.completed' then 'awaiting_payment' else 'ignored' end;
    return;
  end if;
  if intent is null or intent !~ '^pi_[A-Za-z0-9_]{1,200}$' then
    raise exception 'a paid Checkout Session has a PaymentIntent (pi_…)' using errcode = '22023';
  end if;
  if o.state not in ('awaiting_payment', 'expired') then
    result := case when o.stripe_payment_intent = intent then 'already_recorded' else 'needs_attention' end;
    if result = 'needs_attention' then
      detail := 'Order ' || o.number || ' was paid twice: refund one of the card payments.';
    end if;
    return;
  end if;
  result := 'recorded';
  if o.state = 'expired' then
    select count(*) into short from public.order_lines l join public.product_variants v on v.id = l.variant_id
    where l.order_id = o.id and v.stock < l.quantity;
    if short = 0 then
      update public.product_variants v set stock = v.stock - l.quantity
      from public.order_lines l where l.order_id = o.id and v.id = l.variant_id;
    else
      result := 'needs_attention';
      detail := 'Order ' || o.number || ' was paid after it expired and its items have sold since: refund it or restock.';
    end if;
  end if;
  if p_session ->> 'amount_total' is distinct from o.total_cents::text
     or upper(coalesce(p_session ->> 'currency', '')) <> o.currency then
    result := 'needs_attention';
    detail := 'Order ' || o.number || ' was paid an amount other than its total: check the card payment.';
  end if;
  update public.orders set state = 'paid', paid_at = now(), stripe_payment_intent = intent,
                           checkout_session_id = coalesce(checkout_session_id, p_session ->> 'id')
  where id = o.id;
  perform private.queue_order_mail(o.id, 'paid');
end
$$;

REVOKE ALL ON FUNCTION private.apply_order_session(p_type text, p_session jsonb, OUT result text, OUT detail text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.apply_order_session(p_type text, p_session jsonb, OUT result text, OUT detail text) TO service_role;

-- ---------------------------------------------------------------- expiring unpaid orders

-- The job: every order still awaiting payment whose time ran out by p_at expires, and its stock goes back
-- on the shelf. Returns how many expired. Takes the moment as an argument so tests move the clock.
CREATE FUNCTION private.expire_store_orders(p_at timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  expired_id uuid;
  n integer := 0;
begin
  for expired_id in
    update public.orders set state = 'expired'
    where state = 'awaiting_payment' and expires_at <= p_at
    returning id
  loop
    perform private.return_order_stock(expired_id);
    n := n + 1;
  end loop;
  return n;
end
$$;

REVOKE ALL ON FUNCTION private.expire_store_orders(p_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.expire_store_orders(p_at timestamp with time zone) TO service_role;

-- ---------------------------------------------------------------- the member's data

-- The member's orders and their lines in their data download.
CREATE FUNCTION private.export_orders(member uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(to_jsonb(o) || jsonb_build_object('lines',
           (select coalesce(jsonb_agg(to_jsonb(l) - 'order_id' order by l.position), '[]'::jsonb)
            from public.order_lines l where l.order_id = o.id)) order by o.placed_at), '[]'::jsonb)
  from public.orders o where o.user_id = member
$$;

REVOKE ALL ON FUNCTION private.export_orders(member uuid) FROM PUBLIC;

-- At deletion: orders never paid go (their stock back first); paid ones are tax records the company keeps,
-- and keep the member's account, anonymised (private.keeps_member_records).
CREATE FUNCTION private.forget_orders(member uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.return_order_stock(o.id) from public.orders o
  where o.user_id = member and o.state = 'awaiting_payment';
  delete from public.orders where user_id = member and state in ('awaiting_payment', 'expired');
$$;

REVOKE ALL ON FUNCTION private.forget_orders(member uuid) FROM PUBLIC;

INSERT INTO private.member_data_parts (part, "position", member_columns) VALUES ('orders', 192, '{public.orders.user_id}');
