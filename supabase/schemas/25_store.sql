-- The store (issue 24, first part; decision 0086): merchandise and its sizes with stock per size, the member
-- discount, what /store lists (the departures on sale and the visible merchandise), the price of a cart as
-- Postgres computes it for the caller, and a signed-in member's cart kept across devices. Checkout and
-- orders come later: nothing here takes stock.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261203500001_create_store:
--   Merchandise with stock per size, the member discount, the store's list, cart prices and members' carts.

-- A product's name: trimmed, 1 to 80 characters, one line.
CREATE FUNCTION private.is_product_name(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 80
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

REVOKE ALL ON FUNCTION private.is_product_name(value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_product_name(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_product_name(value text) TO service_role;

-- A size's label (S, M, XL, 'One size'): trimmed, 1 to 20 characters, one line.
CREATE FUNCTION private.is_variant_size(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 20
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

REVOKE ALL ON FUNCTION private.is_variant_size(value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_variant_size(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_variant_size(value text) TO service_role;

-- A product's picture: a file the site serves (/images/store/…, the sample products), or one an admin
-- uploaded to the product-images bucket in their own folder (<user id>/<milliseconds>.<ext>, decision 0092).
CREATE FUNCTION private.is_product_image(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select (value ~ '^/images/store/[a-z0-9]+(-[a-z0-9]+)*\.(svg|png|jpg|jpeg|webp|avif)$'
          or value ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9]{1,16}\.(png|jpg|gif|webp)$')
     and char_length(value) <= 200
$_$;

REVOKE ALL ON FUNCTION private.is_product_image(value text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_product_image(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_product_image(value text) TO service_role;

-- ---------------------------------------------------------------- public.products

CREATE TABLE public.products (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    description text,
    image_path text,
    visible boolean DEFAULT false NOT NULL,
    price_cents integer NOT NULL,
    "position" smallint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT products_slug_check CHECK (private.is_slug(slug)),
    CONSTRAINT products_name_check CHECK (private.is_product_name(name)),
    CONSTRAINT products_description_check CHECK (((description IS NULL) OR private.is_message(description))),
    CONSTRAINT products_image_path_check CHECK (((image_path IS NULL) OR private.is_product_image(image_path))),
    CONSTRAINT products_price_cents_check CHECK (((price_cents >= 1) AND (price_cents <= 1000000))),
    CONSTRAINT products_position_check CHECK ((("position" >= 0) AND ("position" <= 1000)))
);

COMMENT ON TABLE public.products IS 'Merchandise sold in the store; what is bought is one of its variants (public.product_variants).';

COMMENT ON COLUMN public.products.visible IS 'Listed in the store and sold (false: hidden from everyone but admins).';

COMMENT ON COLUMN public.products.price_cents IS 'The price a visitor pays for one, in cents, GST (10%) included; members get store_settings.member_discount_percent off.';

COMMENT ON COLUMN public.products."position" IS 'The store lists merchandise by position, then name.';

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_slug_key UNIQUE (slug);

ALTER TABLE public.products ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.products FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.products FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE POLICY products_delete_admin ON public.products FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY products_insert_admin ON public.products FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));

CREATE POLICY products_select_anon ON public.products FOR SELECT TO anon USING (visible);

CREATE POLICY products_select_authenticated ON public.products FOR SELECT TO authenticated USING ((visible OR ( SELECT private.is_admin() AS is_admin)));

CREATE POLICY products_update_admin ON public.products FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.products TO service_role;
GRANT SELECT ON TABLE public.products TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.products TO authenticated;

-- ---------------------------------------------------------------- public.product_variants

-- What is bought: a product in one size (a product without sizes has one variant whose size is null), with
-- its own stock. Stock is what is on the shelf; carts do not hold it (orders will take it, atomically).
CREATE TABLE public.product_variants (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    product_id uuid NOT NULL,
    size text,
    stock integer NOT NULL,
    "position" smallint DEFAULT 0 NOT NULL,
    CONSTRAINT product_variants_size_check CHECK (((size IS NULL) OR private.is_variant_size(size))),
    CONSTRAINT product_variants_stock_check CHECK (((stock >= 0) AND (stock <= 100000))),
    CONSTRAINT product_variants_position_check CHECK ((("position" >= 0) AND ("position" <= 1000)))
);

COMMENT ON COLUMN public.product_variants.size IS 'The size shown in the size picker (null: the product comes in one size).';

COMMENT ON COLUMN public.product_variants.stock IS 'How many are on the shelf: no cart may price more.';

ALTER TABLE ONLY public.product_variants
    ADD CONSTRAINT product_variants_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.product_variants
    ADD CONSTRAINT product_variants_product_id_fkey FOREIGN KEY (product_id) REFERENCES public.products(id) ON DELETE CASCADE;

-- One variant per size, and at most one without a size.
CREATE UNIQUE INDEX product_variants_product_size_key ON public.product_variants USING btree (product_id, COALESCE(size, ''::text));

ALTER TABLE public.product_variants ENABLE ROW LEVEL SECURITY;

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.product_variants FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY product_variants_delete_admin ON public.product_variants FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY product_variants_insert_admin ON public.product_variants FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));

-- A variant shows when its product does (the products policies decide).
CREATE POLICY product_variants_select_anon ON public.product_variants FOR SELECT TO anon USING ((EXISTS ( SELECT 1
   FROM public.products p
  WHERE (p.id = product_variants.product_id))));

CREATE POLICY product_variants_select_authenticated ON public.product_variants FOR SELECT TO authenticated USING ((EXISTS ( SELECT 1
   FROM public.products p
  WHERE (p.id = product_variants.product_id))));

CREATE POLICY product_variants_update_admin ON public.product_variants FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.product_variants TO service_role;
GRANT SELECT ON TABLE public.product_variants TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.product_variants TO authenticated;

-- ---------------------------------------------------------------- public.store_settings

-- The store's rules, in one row: the discount members get on merchandise (the VIP benefits' promise). Anyone
-- may read it (the store says what members save); admins change it; nobody adds or removes the row.
CREATE TABLE public.store_settings (
    only_row boolean DEFAULT true NOT NULL,
    member_discount_percent smallint NOT NULL,
    CONSTRAINT store_settings_only_row_check CHECK (only_row),
    CONSTRAINT store_settings_member_discount_percent_check CHECK (((member_discount_percent >= 0) AND (member_discount_percent <= 50)))
);

COMMENT ON TABLE public.store_settings IS 'The store''s rules: the members'' merchandise discount in whole percent, 0 to 50 (one row).';

ALTER TABLE ONLY public.store_settings
    ADD CONSTRAINT store_settings_pkey PRIMARY KEY (only_row);

ALTER TABLE public.store_settings ENABLE ROW LEVEL SECURITY;

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.store_settings FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY store_settings_select_anon ON public.store_settings FOR SELECT TO anon USING (true);

CREATE POLICY store_settings_select_authenticated ON public.store_settings FOR SELECT TO authenticated USING (true);

CREATE POLICY store_settings_update_admin ON public.store_settings FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.store_settings TO service_role;
GRANT SELECT ON TABLE public.store_settings TO anon;
GRANT SELECT ON TABLE public.store_settings TO authenticated;
GRANT UPDATE(member_discount_percent) ON TABLE public.store_settings TO authenticated;

-- Members save 10% on merchandise until an admin says otherwise.
INSERT INTO public.store_settings (only_row, member_discount_percent) VALUES (true, 10);

-- ---------------------------------------------------------------- public.cart_items

-- A signed-in member's cart, so it follows them to another device: their rows only. The browser keeps the
-- cart too (for visitors, and offline); merge_cart joins the two at sign-in and save_cart keeps this copy
-- equal to the browser's after each change. A cart reserves nothing.
CREATE TABLE public.cart_items (
    user_id uuid DEFAULT auth.uid() NOT NULL,
    variant_id uuid NOT NULL,
    quantity smallint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT cart_items_quantity_check CHECK (((quantity >= 1) AND (quantity <= 20)))
);

COMMENT ON TABLE public.cart_items IS 'A signed-in member''s cart: how many of each variant (1 to 20); merged with the browser''s at sign-in.';

ALTER TABLE ONLY public.cart_items
    ADD CONSTRAINT cart_items_pkey PRIMARY KEY (user_id, variant_id);

ALTER TABLE ONLY public.cart_items
    ADD CONSTRAINT cart_items_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.cart_items
    ADD CONSTRAINT cart_items_variant_id_fkey FOREIGN KEY (variant_id) REFERENCES public.product_variants(id) ON DELETE CASCADE;

CREATE INDEX cart_items_variant_id_idx ON public.cart_items USING btree (variant_id);

ALTER TABLE public.cart_items ENABLE ROW LEVEL SECURITY;

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.cart_items FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.cart_items FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE POLICY cart_items_delete_authenticated ON public.cart_items FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY cart_items_insert_authenticated ON public.cart_items FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY cart_items_select_authenticated ON public.cart_items FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY cart_items_update_authenticated ON public.cart_items FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

GRANT ALL ON TABLE public.cart_items TO service_role;
GRANT SELECT,DELETE ON TABLE public.cart_items TO authenticated;
GRANT INSERT(variant_id, quantity) ON TABLE public.cart_items TO authenticated;
GRANT UPDATE(quantity) ON TABLE public.cart_items TO authenticated;

-- The member's cart in their data download; it goes with their account.
CREATE FUNCTION private.export_cart_items(member uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object('product', p.name, 'size', v.size, 'quantity', c.quantity,
                                               'updated_at', c.updated_at) order by c.updated_at), '[]'::jsonb)
  from public.cart_items c
  join public.product_variants v on v.id = c.variant_id
  join public.products p on p.id = v.product_id
  where c.user_id = member
$$;

REVOKE ALL ON FUNCTION private.export_cart_items(member uuid) FROM PUBLIC;

CREATE FUNCTION private.forget_cart_items(member uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$ delete from public.cart_items where user_id = member $$;

REVOKE ALL ON FUNCTION private.forget_cart_items(member uuid) FROM PUBLIC;

INSERT INTO private.member_data_parts (part, "position", member_columns) VALUES ('cart_items', 65, '{public.cart_items.user_id}');

-- ---------------------------------------------------------------- a cart's lines

-- The lines of a cart the browser sends, checked before anything reads them: a JSON list of at most 50
-- {"variant_id": "<uuid>", "quantity": <1 to 20>}; the same variant twice is one line with the quantities
-- added (still at most 20). Anything else is refused with a message that says what is wrong (22023).
CREATE FUNCTION private.cart_lines(items jsonb) RETURNS TABLE(variant_id uuid, quantity integer)
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  item jsonb;
begin
  if items is null or jsonb_typeof(items) <> 'array' then
    raise exception 'the cart must be a list of items' using errcode = '22023';
  end if;
  if jsonb_array_length(items) > 50 then
    raise exception 'a cart holds at most 50 different items' using errcode = '22023';
  end if;
  for item in select e.value from jsonb_array_elements(items) e loop
    if jsonb_typeof(item) is distinct from 'object' or jsonb_typeof(item -> 'variant_id') is distinct from 'string'
       or (item ->> 'variant_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception 'each item in the cart needs the id of what is bought' using errcode = '22023';
    end if;
    if jsonb_typeof(item -> 'quantity') is distinct from 'number' or (item ->> 'quantity') !~ '^[0-9]{1,9}$'
       or (item ->> 'quantity')::integer < 1 then
      raise exception 'each quantity must be a whole number of at least 1' using errcode = '22023';
    end if;
  end loop;
  return query
    select (e.value ->> 'variant_id')::uuid, sum((e.value ->> 'quantity')::integer)::integer
    from jsonb_array_elements(items) with ordinality e(value, n)
    group by 1
    order by min(e.n);
end
$_$;

REVOKE ALL ON FUNCTION private.cart_lines(items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.cart_lines(items jsonb) TO anon;
GRANT ALL ON FUNCTION private.cart_lines(items jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.cart_lines(items jsonb) TO service_role;

-- The discount the caller gets in whole percent: the store's member discount for a signed-in member (a
-- profile of their own), none for a visitor. Security definer: a visitor may not read profiles at all.
CREATE FUNCTION private.caller_discount_percent() RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case when exists (select 1 from public.profiles p where p.id = (select auth.uid()))
              then coalesce((select s.member_discount_percent from public.store_settings s), 0)
              else 0 end
$$;

REVOKE ALL ON FUNCTION private.caller_discount_percent() FROM PUBLIC;
GRANT ALL ON FUNCTION private.caller_discount_percent() TO anon;
GRANT ALL ON FUNCTION private.caller_discount_percent() TO authenticated;
GRANT ALL ON FUNCTION private.caller_discount_percent() TO service_role;

-- How a cart's messages name a variant: 'T-shirt (M)', or the name alone without a size.
CREATE FUNCTION private.variant_label(p_name text, p_size text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case when p_size is null then p_name else p_name || ' (' || p_size || ')' end
$$;

REVOKE ALL ON FUNCTION private.variant_label(p_name text, p_size text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.variant_label(p_name text, p_size text) TO anon;
GRANT ALL ON FUNCTION private.variant_label(p_name text, p_size text) TO authenticated;
GRANT ALL ON FUNCTION private.variant_label(p_name text, p_size text) TO service_role;

-- ---------------------------------------------------------------- public.price_cart

-- What a cart costs the caller, computed here and never taken from the browser. For each line: the unit
-- price (GST included), the discount on one (the caller's percent of it, rounded to the nearest cent, half
-- up), what one costs after it, the line's total and the GST in it (1/11 of the total, rounded to the nearest
-- cent, half up). For the cart: the subtotal before discount, the discount, the total, and the GST in the
-- total (1/11 of it, rounded once, as a tax invoice shows it; the lines' GST may add up to a cent more or
-- less). Refused (22023): a malformed list (private.cart_lines), more than 20 of one item, an item that is
-- not (or no longer) in the store, more than its stock. Security invoker: the products policies decide
-- what the caller may buy.
CREATE FUNCTION public.price_cart(items jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  percent integer := private.caller_discount_percent();
  line record;
  lines jsonb := '[]'::jsonb;
  unit_discount integer;
  line_total integer;
  subtotal integer := 0;
  discount integer := 0;
begin
  for line in
    select l.variant_id, l.quantity, v.product_id, v.size, v.stock, p.name, p.price_cents
    from private.cart_lines(items) l
    left join public.product_variants v on v.id = l.variant_id
    left join public.products p on p.id = v.product_id and p.visible
  loop
    if line.name is null then
      raise exception 'an item in your cart is no longer in the store: remove it and try again'
        using errcode = '22023';
    end if;
    if line.quantity > 20 then
      raise exception 'you can buy at most 20 of % at once', private.variant_label(line.name, line.size)
        using errcode = '22023';
    end if;
    if line.stock = 0 then
      raise exception '% is sold out', private.variant_label(line.name, line.size) using errcode = '22023';
    end if;
    if line.quantity > line.stock then
      raise exception 'only % of % left', line.stock, private.variant_label(line.name, line.size)
        using errcode = '22023';
    end if;
    unit_discount := round(line.price_cents * percent / 100.0);
    line_total := (line.price_cents - unit_discount) * line.quantity;
    subtotal := subtotal + line.price_cents * line.quantity;
    discount := discount + unit_discount * line.quantity;
    lines := lines || jsonb_build_object(
      'variant_id', line.variant_id, 'product_id', line.product_id, 'name', line.name, 'size', line.size,
      'quantity', line.quantity, 'stock', line.stock, 'unit_price_cents', line.price_cents,
      'unit_discount_cents', unit_discount, 'line_total_cents', line_total,
      'gst_cents', round(line_total / 11.0)::integer);
  end loop;
  return jsonb_build_object(
    'lines', lines, 'discount_percent', percent, 'subtotal_cents', subtotal, 'discount_cents', discount,
    'total_cents', subtotal - discount, 'gst_cents', round((subtotal - discount) / 11.0)::integer);
end
$$;

REVOKE ALL ON FUNCTION public.price_cart(items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.price_cart(items jsonb) TO anon;
GRANT ALL ON FUNCTION public.price_cart(items jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.price_cart(items jsonb) TO service_role;

-- ---------------------------------------------------------------- a member's cart: merge and save

-- At sign-in: adds the browser's cart to the member's kept cart (the same item: quantities added), each
-- line capped by its stock and by 20; items no longer sold or out of stock drop out. Returns the cart both
-- now hold, in the order lines were first added.
CREATE FUNCTION public.merge_cart(items jsonb) RETURNS TABLE(variant_id uuid, quantity integer)
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
#variable_conflict use_column
begin
  if (select auth.uid()) is null then
    raise exception 'sign in to keep your cart' using errcode = '42501';
  end if;
  insert into public.cart_items (variant_id, quantity)
  select l.variant_id, least(l.quantity, 20)
  from private.cart_lines(items) l
  join public.product_variants v on v.id = l.variant_id
  on conflict (user_id, variant_id) do update set quantity = least(cart_items.quantity + excluded.quantity, 20);
  delete from public.cart_items c
  using public.product_variants v
  where c.user_id = (select auth.uid()) and v.id = c.variant_id
    and (v.stock = 0 or not exists (select 1 from public.products p where p.id = v.product_id));
  update public.cart_items c set quantity = least(c.quantity, v.stock)
  from public.product_variants v
  where c.user_id = (select auth.uid()) and v.id = c.variant_id and c.quantity > v.stock;
  return query
    select c.variant_id, c.quantity::integer from public.cart_items c
    where c.user_id = (select auth.uid()) order by c.updated_at, c.variant_id;
end
$$;

REVOKE ALL ON FUNCTION public.merge_cart(items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.merge_cart(items jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.merge_cart(items jsonb) TO service_role;

-- After each change in the browser: the member's kept cart becomes exactly the browser's (lines of items no
-- longer sold are left out; more than 20 of one is refused). Returns how many lines it keeps.
CREATE FUNCTION public.save_cart(items jsonb) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  kept integer;
begin
  if (select auth.uid()) is null then
    raise exception 'sign in to keep your cart' using errcode = '42501';
  end if;
  if exists (select 1 from private.cart_lines(items) l where l.quantity > 20) then
    raise exception 'you can buy at most 20 of one item at once' using errcode = '22023';
  end if;
  delete from public.cart_items c
  where c.user_id = (select auth.uid())
    and c.variant_id not in (select l.variant_id from private.cart_lines(items) l);
  insert into public.cart_items (variant_id, quantity)
  select l.variant_id, l.quantity from private.cart_lines(items) l
  join public.product_variants v on v.id = l.variant_id
  on conflict (user_id, variant_id) do update set quantity = excluded.quantity
  where cart_items.quantity <> excluded.quantity;
  select count(*) into kept from public.cart_items c where c.user_id = (select auth.uid());
  return kept;
end
$$;

REVOKE ALL ON FUNCTION public.save_cart(items jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.save_cart(items jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.save_cart(items jsonb) TO service_role;

-- ---------------------------------------------------------------- public.store_items

-- What /store lists, read when the site is built and by anyone (visitors included): the departures on sale
-- and the visible merchandise. A departure is on sale while departure_availability says 'open' (status
-- 'booking'), 'opens' ('coming-soon': bookings open on opens_on) or 'sold-out'; one without a price yet is
-- 'coming-soon' too. Merchandise is 'available' while any size is in stock, else 'sold-out', with its sizes
-- and the stock of each in variants. Events first by departure, then merchandise by position and name.
-- Security invoker: the events and products policies decide what the caller sees.
CREATE FUNCTION public.store_items() RETURNS TABLE(kind text, id uuid, slug text, name text, description text, image_path text, price_cents integer, status text, opens_on date, starts_on date, ends_on date, location text, variants jsonb)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select s.kind, s.id, s.slug, s.name, s.description, s.image_path, s.price_cents, s.status, s.opens_on,
         s.starts_on, s.ends_on, s.location, s.variants
  from (
    select 'event' as kind, e.id, e.slug, e.title as name, e.description, e.image_paths[1] as image_path,
           e.price_cents,
           case when a.state = 'sold-out' then 'sold-out'
                when a.state = 'open' and e.price_cents is not null then 'booking'
                else 'coming-soon' end as status,
           a.opens_on, e.start_date as starts_on, e.end_date as ends_on, e.location, null::jsonb as variants,
           0 as position
    from public.events e
    cross join lateral public.departure_availability(array[e.id]) a
    where e.status = 'published' and a.state in ('open', 'opens', 'sold-out')
    union all
    select 'merch', p.id, p.slug, p.name, p.description, p.image_path, p.price_cents,
           case when exists (select 1 from public.product_variants v where v.product_id = p.id and v.stock > 0)
                then 'available' else 'sold-out' end,
           null, null, null, null,
           coalesce((select jsonb_agg(jsonb_build_object('id', v.id, 'size', v.size, 'stock', v.stock)
                                      order by v.position, v.size)
                     from public.product_variants v where v.product_id = p.id), '[]'::jsonb),
           p.position
    from public.products p
    where p.visible
  ) s
  order by s.kind, s.starts_on, s.position, s.name, s.id
$$;

REVOKE ALL ON FUNCTION public.store_items() FROM PUBLIC;
GRANT ALL ON FUNCTION public.store_items() TO anon;
GRANT ALL ON FUNCTION public.store_items() TO authenticated;
GRANT ALL ON FUNCTION public.store_items() TO service_role;
