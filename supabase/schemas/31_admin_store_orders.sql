-- /admin/store (issue 24, decision 0094): an admin finds an order (server-side search, filters, paging),
-- marks a bank transfer order paid, packs it, and posts it with a tracking number, or hands a pickup order
-- over ('packed' is ready for pickup, 'shipped' is collected: the state CHECK of decision 0091 as it is).
-- Each step is a function that refuses a wrong step in words, e-mails the member through the outbox, and
-- lands in the audit log (the orders' audit trigger), which is also who did each step.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261205001001_admin_store_orders:
--   /admin/store (decision 0094): when an order was packed and shipped, its tracking number and carrier,
--   the steps (mark_order_paid for a bank transfer, mark_order_packed, mark_order_shipped,
--   mark_order_collected) with their e-mails, the screen's list and one order's buyer and timeline, and
--   the orders' changes in the audit log.

-- ---------------------------------------------------------------- public.orders: packing and posting

-- A tracking number as the carrier prints it, stored as src/lib/rules/orders.ts normalises what was typed
-- (spaces out, upper case): 4 to 40 letters, digits and dashes.
CREATE FUNCTION private.is_tracking_number(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(value ~ '^[A-Z0-9-]{4,40}$', false)
$$;

REVOKE ALL ON FUNCTION private.is_tracking_number(value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_tracking_number(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_tracking_number(value text) TO service_role;

-- What mark_order_shipped stores of a typed tracking number: spaces, tabs and line breaks (ASCII ones) out,
-- upper case ('33ab 1234' → '33AB1234'); '' for nothing. normaliseTrackingNumber in src/lib/rules/orders.ts.
CREATE FUNCTION private.normalise_tracking_number(value text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select upper(regexp_replace(coalesce(value, ''), '[ \t\n\r\f\v]', '', 'g'))
$$;

REVOKE ALL ON FUNCTION private.normalise_tracking_number(value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.normalise_tracking_number(value text) TO service_role;

-- The carrier's name ('Australia Post', 'Sendle'): 1 to 40 characters, trimmed, one line.
CREATE FUNCTION private.is_carrier(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 40
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

REVOKE ALL ON FUNCTION private.is_carrier(value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_carrier(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_carrier(value text) TO service_role;

ALTER TABLE public.orders ADD COLUMN packed_at timestamp with time zone;

ALTER TABLE public.orders ADD COLUMN shipped_at timestamp with time zone;

ALTER TABLE public.orders ADD COLUMN tracking_number text;

ALTER TABLE public.orders ADD COLUMN carrier text;

ALTER TABLE public.orders ADD CONSTRAINT orders_packed_check CHECK (((state = ANY (ARRAY['packed'::text, 'shipped'::text])) = (packed_at IS NOT NULL)));

ALTER TABLE public.orders ADD CONSTRAINT orders_shipped_check CHECK (((state = 'shipped'::text) = (shipped_at IS NOT NULL)));

ALTER TABLE public.orders ADD CONSTRAINT orders_tracking_check CHECK (((((state = 'shipped'::text) AND (delivery = 'ship'::text)) = (tracking_number IS NOT NULL)) AND private.is_tracking_number(COALESCE(tracking_number, 'NONE'::text)) AND ((carrier IS NULL) OR ((tracking_number IS NOT NULL) AND private.is_carrier(carrier)))));

COMMENT ON COLUMN public.orders.packed_at IS 'When an admin packed the order (posted orders) or made it ready for pickup (pickup orders).';

COMMENT ON COLUMN public.orders.shipped_at IS 'When an admin posted the order (with its tracking number) or the buyer collected it.';

COMMENT ON COLUMN public.orders.tracking_number IS 'A posted order''s tracking number, upper case without spaces (private.is_tracking_number).';

-- Admins' steps land in the audit log (the webhook's and the buyer's do not: they are not admins).
CREATE TRIGGER audit_change AFTER UPDATE ON public.orders FOR EACH ROW EXECUTE FUNCTION private.audit_change('number', 'order');

-- ---------------------------------------------------------------- the steps' e-mails

-- Queues the e-mail of an order's step to its member (text and HTML): 'packed' (a posted order is packed and
-- goes out soon), 'ready' (a pickup order is ready to collect) and 'shipped' (posted, with the tracking
-- number and carrier). Each lists what the order holds. The paid confirmation is private.queue_order_mail's.
CREATE FUNCTION private.queue_order_step_mail(p_order_id uuid, p_kind text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.company_settings;
  o public.orders;
  recipient text;
  greeting text;
  lines_text text;
  lines_html text;
  order_url text;
  subject text;
  heading text;
  extra_text text := '';
  extra_html text := '';
begin
  select * into settings from private.company_settings;
  select * into o from public.orders where id = p_order_id;
  select who.email, who.greeting into recipient, greeting from private.mail_recipient(o.user_id) who;
  if settings is null or o.id is null or recipient is null
     or p_kind not in ('packed', 'ready', 'shipped') then
    return;
  end if;
  order_url := settings.site_url || '/store/order?order=' || o.id;
  select string_agg('- ' || l.quantity || ' x ' || private.variant_label(l.name, l.size), E'\n' order by l.position),
         string_agg('<li>' || l.quantity || ' × ' || private.html_escape(private.variant_label(l.name, l.size))
                    || '</li>', '' order by l.position)
  into lines_text, lines_html
  from public.order_lines l where l.order_id = o.id;

  if p_kind = 'packed' then
    subject := 'Order ' || o.number || ' is packed';
    heading := 'Your order is packed and goes in the post soon. We will e-mail you its tracking number then.';
  elsif p_kind = 'ready' then
    subject := 'Order ' || o.number || ' is ready for pickup';
    heading := 'Your order is ready for you to pick up. Please bring your order number.';
  else
    subject := 'Order ' || o.number || ' is on its way';
    heading := 'Your order is in the post.';
    extra_text := E'\n\nTracking number: ' || o.tracking_number || coalesce(' (' || o.carrier || ')', '')
      || E'\nPosted to: ' || o.ship_name || ', ' || o.ship_line1 || coalesce(', ' || o.ship_line2, '')
      || ', ' || o.ship_suburb || ' ' || o.ship_state || ' ' || o.ship_postcode;
    extra_html := '<p>Tracking number: <strong>' || o.tracking_number || '</strong>'
      || coalesce(' (' || private.html_escape(o.carrier) || ')', '') || '<br>Posted to: '
      || private.html_escape(o.ship_name || ', ' || o.ship_line1 || coalesce(', ' || o.ship_line2, '') || ', '
                             || o.ship_suburb || ' ' || o.ship_state || ' ' || o.ship_postcode)
      || '</p>';
  end if;

  insert into private.outbound_mail (recipient, reply_to, subject, body, html_body)
  values (
    recipient, settings.contact_email, left(subject, 300),
    'Hello ' || greeting || E',\n\n' || heading
      || E'\n\nOrder number: ' || o.number
      || E'\n\n' || coalesce(lines_text, '') || extra_text
      || E'\n\nYour order: ' || order_url
      || E'\n\n-- \n' || settings.brand_name || E'\nYou receive this because you placed an order in our store. '
      || 'Questions? Reply to this e-mail.',
    '<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>Your order</title></head>'
      || '<body style="font-family:sans-serif;line-height:1.5">'
      || '<h1>Order ' || o.number || '</h1>'
      || '<p>Hello ' || private.html_escape(greeting) || ',</p><p>' || private.html_escape(heading) || '</p>'
      || '<ul>' || coalesce(lines_html, '') || '</ul>' || extra_html
      || '<p><a href="' || private.html_escape(order_url) || '">Your order</a></p>'
      || '<hr><p>' || private.html_escape(settings.brand_name)
      || '<br>You receive this because you placed an order in our store. Questions? Reply to this e-mail.</p></body></html>'
  );
  perform pg_notify('outbound_mail', '');
end
$$;

REVOKE ALL ON FUNCTION private.queue_order_step_mail(p_order_id uuid, p_kind text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_order_step_mail(p_order_id uuid, p_kind text) TO service_role;

-- ---------------------------------------------------------------- the steps

-- The order an admin takes the step p_step of ('paid', 'packed', 'shipped', 'collected'), locked, when that
-- step is the next one; otherwise a refusal in words (55000) that says where the order is and what comes
-- first. Admins only (42501); an unknown order is P0002. The one place the steps' order is written.
CREATE FUNCTION private.order_for_step(p_order_id uuid, p_step text) RETURNS public.orders
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  o public.orders;
  pickup boolean;
  needs text;
begin
  perform private.require_admin('change an order');
  select * into o from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'That order does not exist.' using errcode = 'P0002';
  end if;
  pickup := o.delivery = 'pickup';
  if p_step = 'shipped' and pickup then
    raise exception 'Order % is picked up, not posted: mark it collected when the buyer takes it.', o.number
      using errcode = '55000';
  end if;
  if p_step = 'collected' and not pickup then
    raise exception 'Order % is posted, not picked up: mark it shipped with its tracking number.', o.number
      using errcode = '55000';
  end if;
  -- A refund (decision 0097) ends the steps of an order whose items went back on the shelf or whose money
  -- all went back; an order shipped or collected already has no step left anyway.
  if p_step <> 'paid' and o.state in ('paid', 'packed') then
    if exists (select 1 from public.order_refunds r where r.order_id = o.id and r.stock_returned) then
      raise exception 'Order % was refunded and its items went back on the shelf: nothing to %.', o.number,
        case p_step when 'packed' then 'pack' else 'send' end using errcode = '55000';
    end if;
    if private.order_refundable_cents(o.id) = 0 then
      raise exception 'Order % is refunded in full: nothing to %.', o.number,
        case p_step when 'packed' then 'pack' else 'send' end using errcode = '55000';
    end if;
  end if;
  needs := case p_step when 'paid' then 'awaiting_payment' when 'packed' then 'paid' else 'packed' end;
  if o.state = needs or (p_step = 'paid' and o.state = 'expired') then
    return o;
  end if;
  raise exception '%', 'Order ' || o.number || case
    when o.state = 'expired' then ' expired unpaid and its items went back on the shelf: nothing to '
      || case p_step when 'packed' then 'pack.' else 'send.' end
    when o.state = 'awaiting_payment' then ' is not paid yet: '
      || case when o.pay_by = 'card' then 'the buyer has not paid by card.' else 'mark it paid when the transfer arrives.' end
    when p_step = 'paid' then ' is already paid.'
    when o.state = 'paid' then ' is not ' || case when pickup then 'ready for pickup' else 'packed' end
      || ' yet: ' || case when pickup then 'mark it ready for pickup first.' else 'pack it first.' end
    when o.state = 'packed' and p_step = 'packed'
      then ' is already ' || case when pickup then 'ready for pickup.' else 'packed.' end
    else ' is already ' || case when pickup then 'collected.' else 'shipped.' end
  end using errcode = '55000';
end
$$;

REVOKE ALL ON FUNCTION private.order_for_step(p_order_id uuid, p_step text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.order_for_step(p_order_id uuid, p_step text) TO service_role;

-- An admin records that a bank transfer order's money arrived: p_amount_cents must be the order's whole
-- total (22023 otherwise, in words). An order that expired meanwhile takes its stock again when every line
-- is still on the shelf (else 55000: restock first). The member gets the same confirmation a card payment
-- gets. Card orders are paid through Stripe only (55000).
CREATE FUNCTION public.mark_order_paid(p_order_id uuid, p_amount_cents integer) RETURNS public.orders
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  o public.orders := private.order_for_step(p_order_id, 'paid');
  short integer;
begin
  if o.pay_by <> 'bank_transfer' then
    raise exception 'Order % is paid by card: Stripe records its payment.', o.number using errcode = '55000';
  end if;
  if p_amount_cents is distinct from o.total_cents then
    raise exception 'Order % is for %: record the payment when the whole total has arrived (% entered).',
      o.number, private.mail_money(o.total_cents, o.currency),
      coalesce(private.mail_money(p_amount_cents, o.currency), 'nothing') using errcode = '22023';
  end if;
  if o.state = 'expired' then
    select count(*) into short from public.order_lines l join public.product_variants v on v.id = l.variant_id
    where l.order_id = o.id and v.stock < l.quantity;
    if short > 0 or exists (select 1 from public.order_lines l where l.order_id = o.id and l.variant_id is null) then
      raise exception 'Order % expired and some of its items have sold since: restock them on /admin/merchandise first.',
        o.number using errcode = '55000';
    end if;
    update public.product_variants v set stock = v.stock - l.quantity
    from public.order_lines l where l.order_id = o.id and v.id = l.variant_id;
  end if;
  update public.orders set state = 'paid', paid_at = now() where id = o.id returning * into o;
  perform private.queue_order_mail(o.id, 'paid');
  return o;
end
$$;

REVOKE ALL ON FUNCTION public.mark_order_paid(p_order_id uuid, p_amount_cents integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mark_order_paid(p_order_id uuid, p_amount_cents integer) TO authenticated;
GRANT ALL ON FUNCTION public.mark_order_paid(p_order_id uuid, p_amount_cents integer) TO service_role;

-- An admin packs a paid order (a pickup order: makes it ready for pickup); the member is e-mailed.
CREATE FUNCTION public.mark_order_packed(p_order_id uuid) RETURNS public.orders
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  o public.orders := private.order_for_step(p_order_id, 'packed');
begin
  update public.orders set state = 'packed', packed_at = now() where id = o.id returning * into o;
  perform private.queue_order_step_mail(o.id, case when o.delivery = 'pickup' then 'ready' else 'packed' end);
  return o;
end
$$;

REVOKE ALL ON FUNCTION public.mark_order_packed(p_order_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mark_order_packed(p_order_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.mark_order_packed(p_order_id uuid) TO service_role;

-- An admin posts a packed order with its tracking number (spaces, tabs and line breaks out, upper case, then 4 to 40 letters,
-- digits and dashes; 22023 otherwise) and optionally the carrier; the member is e-mailed both.
CREATE FUNCTION public.mark_order_shipped(p_order_id uuid, p_tracking_number text, p_carrier text DEFAULT NULL::text) RETURNS public.orders
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  o public.orders := private.order_for_step(p_order_id, 'shipped');
  tracking text := private.normalise_tracking_number(p_tracking_number);
  carrier_name text := nullif(btrim(coalesce(p_carrier, '')), '');
begin
  if tracking = '' then
    raise exception 'Please enter the tracking number.' using errcode = '22023';
  end if;
  if not private.is_tracking_number(tracking) then
    raise exception 'A tracking number is 4 to 40 letters, digits and dashes.' using errcode = '22023';
  end if;
  if carrier_name is not null and not private.is_carrier(carrier_name) then
    raise exception 'The carrier must be one line of 40 characters or fewer.' using errcode = '22023';
  end if;
  update public.orders set state = 'shipped', shipped_at = now(), tracking_number = tracking, carrier = carrier_name
  where id = o.id returning * into o;
  perform private.queue_order_step_mail(o.id, 'shipped');
  return o;
end
$$;

REVOKE ALL ON FUNCTION public.mark_order_shipped(p_order_id uuid, p_tracking_number text, p_carrier text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mark_order_shipped(p_order_id uuid, p_tracking_number text, p_carrier text) TO authenticated;
GRANT ALL ON FUNCTION public.mark_order_shipped(p_order_id uuid, p_tracking_number text, p_carrier text) TO service_role;

-- An admin records that the buyer collected a pickup order that was ready (state 'shipped'). No e-mail: the
-- buyer is at the counter.
CREATE FUNCTION public.mark_order_collected(p_order_id uuid) RETURNS public.orders
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  o public.orders := private.order_for_step(p_order_id, 'collected');
begin
  update public.orders set state = 'shipped', shipped_at = now() where id = o.id returning * into o;
  return o;
end
$$;

REVOKE ALL ON FUNCTION public.mark_order_collected(p_order_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mark_order_collected(p_order_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.mark_order_collected(p_order_id uuid) TO service_role;

-- ---------------------------------------------------------------- the screen's reads

-- /admin/store: one page of orders with their buyer, how many items and the total, and how many match, in
-- one request. search: the order number, the buyer's name or e-mail; filter: one state ('' all); pay: how
-- it is paid, 'card' or 'bank_transfer' ('' both). Sorted by number, placed, buyer, items, total or state.
-- refunded_cents: what its refunds give back, made or on their way to Stripe (decision 0097).
CREATE FUNCTION public.admin_orders(search text DEFAULT ''::text, filter text DEFAULT ''::text, pay text DEFAULT ''::text, sort text DEFAULT 'placed'::text, direction text DEFAULT 'desc'::text, page_size integer DEFAULT 25, page_offset integer DEFAULT 0) RETURNS TABLE(id uuid, number text, placed_at timestamp with time zone, buyer_id uuid, buyer_name text, buyer_email text, items integer, total_cents integer, currency text, pay_by text, delivery text, state text, refunded_cents integer, total_count integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  perform private.require_admin('list orders');
  perform private.check_list_arguments('orders list', sort,
                                       array['number', 'placed', 'buyer', 'items', 'total', 'state'],
                                       direction, page_size, page_offset, search);
  if coalesce(filter, '') not in ('', 'awaiting_payment', 'paid', 'packed', 'shipped', 'expired') then
    raise exception 'Show orders awaiting payment, paid, packed, shipped or expired, or all of them.'
      using errcode = '22023';
  end if;
  if coalesce(pay, '') not in ('', 'card', 'bank_transfer') then
    raise exception 'Show orders paid by card or by bank transfer, or both.' using errcode = '22023';
  end if;

  -- The sort column is one of the names checked above, so only a known expression is formatted in.
  return query execute format(
    $sql$
      select o.id, o.number, o.placed_at, o.user_id, p.full_name, u.email::text,
             (select coalesce(sum(l.quantity), 0)::integer from public.order_lines l where l.order_id = o.id),
             o.total_cents, o.currency, o.pay_by, o.delivery, o.state,
             -- Refunds made or on their way to Stripe (decision 0097).
             (select coalesce(sum(r.amount_cents), 0)::integer from public.order_refunds r
              where r.order_id = o.id and r.state <> 'failed'),
             (count(*) over ())::integer
      from public.orders o
      left join public.profiles p on p.id = o.user_id
      left join auth.users u on u.id = o.user_id
      where ($1::text is null or o.number ilike $1 or p.full_name ilike $1 or u.email ilike $1)
        and ($4::text = '' or o.state = $4)
        and ($5::text = '' or o.pay_by = $5)
      order by %1$s %2$s nulls last, o.placed_at desc, o.id
      limit $2 offset $3
    $sql$,
    case sort
      when 'number' then 'o.number'
      when 'buyer' then 'lower(p.full_name)'
      when 'items' then '7'
      when 'total' then 'o.total_cents'
      when 'state' then 'o.state'
      else 'o.placed_at'
    end,
    direction
  ) using private.search_pattern(search), page_size, page_offset, coalesce(filter, ''), coalesce(pay, '');
end
$_$;

REVOKE ALL ON FUNCTION public.admin_orders(search text, filter text, pay text, sort text, direction text, page_size integer, page_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_orders(search text, filter text, pay text, sort text, direction text, page_size integer, page_offset integer) TO authenticated;
GRANT ALL ON FUNCTION public.admin_orders(search text, filter text, pay text, sort text, direction text, page_size integer, page_offset integer) TO service_role;

-- One order's buyer (auth.users' e-mail) and its timeline for /admin/store/$orderId (the order and its lines
-- are read through the API): each step taken, oldest first, as {step, at, by}: placed (by the buyer), paid
-- (by the admin who recorded a bank transfer, or null: the card payment through Stripe), packed, shipped;
-- an expired order's expiry (by nobody). Who is the audit log's actor of the update that took the step.
CREATE FUNCTION public.admin_order(p_order_id uuid) RETURNS TABLE(buyer_name text, buyer_email text, steps jsonb)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_admin('read an order');
  return query
  select p.full_name, u.email::text,
         (select coalesce(jsonb_agg(jsonb_build_object('step', s.step, 'at', s.at, 'by', (
                    select coalesce(l.actor_name, l.actor_email) from public.audit_log l
                    where l.entity = 'orders' and l.entity_id = o.id::text and l.action = 'update'
                      and l.after ->> 'state' = case s.step when 'collected' then 'shipped' else s.step end
                    order by l.at desc limit 1)) order by s.at), '[]'::jsonb)
          from (values ('placed', o.placed_at), ('paid', o.paid_at), ('packed', o.packed_at),
                       (case when o.delivery = 'pickup' then 'collected' else 'shipped' end, o.shipped_at),
                       ('expired', case when o.state = 'expired' then o.expires_at end)) s(step, at)
          where s.at is not null)
  from public.orders o
  left join public.profiles p on p.id = o.user_id
  left join auth.users u on u.id = o.user_id
  where o.id = p_order_id;
end
$$;

REVOKE ALL ON FUNCTION public.admin_order(p_order_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_order(p_order_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.admin_order(p_order_id uuid) TO service_role;
