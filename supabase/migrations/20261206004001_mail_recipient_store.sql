-- The store's order e-mails, their refund e-mail and the company cancellation e-mail use private.mail_recipient
-- (migration 20261206000001) instead of their own copies of the lookup. What they send is unchanged.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.queue_company_cancellation_mail(p_booking_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  settings private.company_settings;
  b public.bookings;
  e public.events;
  recipient text;
  greeting text;
  by_card bigint;
  by_bank bigint;
begin
  select * into settings from private.company_settings;
  select * into b from public.bookings where id = p_booking_id;
  select * into e from public.events where id = b.event_id;
  select who.email, who.greeting into recipient, greeting from private.mail_recipient(b.user_id) who;
  if settings is null or b.id is null or recipient is null then
    return;
  end if;
  select coalesce(sum(d.due_cents) filter (where d.method = 'card'), 0),
         coalesce(sum(d.due_cents) filter (where d.method = 'bank_transfer'), 0)
  into by_card, by_bank
  from private.payments_left_to_refund(b.id) d;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  values (recipient, settings.contact_email,
          left(regexp_replace('Cancelled: ' || e.title || ' (your booking ' || b.invoice_number || ')',
                              '[[:cntrl:]]+', ' ', 'g'), 300),
          array_to_string(array[
            'Hello ' || greeting || ',',
            '',
            'We are sorry: ' || regexp_replace(e.title, '[[:cntrl:]]+', ' ', 'g') || ' ('
              || to_char(e.start_date, 'FMDD Mon YYYY') || ') has been cancelled.',
            'We have cancelled your booking ' || b.invoice_number || ' (reference ' || coalesce(b.bank_reference, b.invoice_number)
              || '), and everything you paid comes back to you, the deposit included.',
            ''
          ]
          || case when by_card > 0 then array[
               private.mail_money(by_card, b.currency) || ' paid by card goes back to the card you paid with; '
                 || 'your bank shows it within 5 to 10 business days.'] else array[]::text[] end
          || case when by_bank > 0 then array[
               private.mail_money(by_bank, b.currency) || ' paid by bank transfer goes back by bank transfer: '
                 || 'reply to this e-mail with the account name, BSB and account number to pay it into.']
             else array[]::text[] end
          || case when by_card = 0 and by_bank = 0 then array['Nothing had been paid on this booking, so nothing is owed.']
             else array[]::text[] end
          || array[
            '',
            'Your booking: ' || settings.site_url || '/manage-booking?booking=' || b.id,
            '',
            'Questions? Reply to this e-mail.',
            '-- ',
            settings.brand_name
          ], E'\n'));
  perform pg_notify('outbound_mail', '');
end
$function$
;

CREATE OR REPLACE FUNCTION private.queue_order_mail(p_order_id uuid, p_kind text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.queue_order_refund_mail(p_refund_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.queue_order_step_mail(p_order_id uuid, p_kind text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;
