-- /admin/merchandise (issue 24, decision 0092): the low-stock threshold, stock changed by a signed amount so
-- an admin's screen never overwrites what buyers took meanwhile, pictures uploaded to Storage, the overview's
-- count of sizes low on stock, and every change to the catalogue in the audit log.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- Pictures of merchandise admins upload: public to read (the store page shows them), images only, 5 MB at
-- most, written only by admins, each in their own folder (<user id>/<ms>.<ext>, what products' CHECK wants).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('product-images', 'product-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

-- The migrations that built this domain, and what they said they were for:
-- 20261204100001_admin_merchandise:
--   /admin/merchandise (decision 0092): a low-stock threshold beside the member discount, stock changed by
--   a signed amount (adjust_variant_stock), the product-images bucket, the overview's low-stock count, and
--   the catalogue's changes in the audit log.

-- ---------------------------------------------------------------- public.store_settings: the low-stock threshold

ALTER TABLE public.store_settings ADD COLUMN low_stock_threshold smallint DEFAULT 5 NOT NULL;

ALTER TABLE public.store_settings
    ADD CONSTRAINT store_settings_low_stock_threshold_check CHECK (((low_stock_threshold >= 0) AND (low_stock_threshold <= 1000)));

COMMENT ON COLUMN public.store_settings.low_stock_threshold IS 'A size of a visible product with this many or fewer on the shelf is low on stock (the overview counts them).';

GRANT UPDATE(low_stock_threshold) ON TABLE public.store_settings TO authenticated;

-- ---------------------------------------------------------------- the catalogue's changes in the audit log

-- The settings' row has no label of its own: the log names it by its table, 'store settings'.

CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.products FOR EACH ROW EXECUTE FUNCTION private.audit_change('name', 'product');

CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.product_variants FOR EACH ROW EXECUTE FUNCTION private.audit_change('size', 'size');

CREATE TRIGGER audit_change AFTER UPDATE ON public.store_settings FOR EACH ROW EXECUTE FUNCTION private.audit_change('', 'store settings');

-- ---------------------------------------------------------------- public.adjust_variant_stock

-- An admin changes a size's stock by a signed amount (+12 arrived, -1 damaged), in one UPDATE under the
-- row's lock: a sale that took stock while the admin's screen was open is kept, never overwritten by a
-- number read before it. Refused in words (22023): no change, a change beyond 100,000 either way, taking
-- off more than is on the shelf, more than 100,000 on it; an unknown size is P0002. Returns the new stock.
-- Security invoker: only admins may update product_variants (its policies), and 42501 says so first.
CREATE FUNCTION public.adjust_variant_stock(p_variant_id uuid, p_change integer) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  now_on_shelf integer;
begin
  if not (select private.is_admin()) then
    raise exception 'only admins can change stock' using errcode = '42501';
  end if;
  if p_change is null or p_change = 0 then
    raise exception 'enter how many to add or take off, such as 12 or -3' using errcode = '22023';
  end if;
  if abs(p_change) > 100000 then
    raise exception 'a stock change is at most 100,000 either way' using errcode = '22023';
  end if;
  update public.product_variants set stock = stock + p_change
  where id = p_variant_id and stock + p_change between 0 and 100000
  returning stock into now_on_shelf;
  if found then
    return now_on_shelf;
  end if;
  select v.stock into now_on_shelf from public.product_variants v where v.id = p_variant_id;
  if not found then
    raise exception 'that size no longer exists' using errcode = 'P0002';
  end if;
  if p_change < 0 then
    raise exception 'only % on the shelf: you can take off at most %', now_on_shelf, now_on_shelf
      using errcode = '22023';
  end if;
  raise exception 'a size holds at most 100,000: % on the shelf now', now_on_shelf using errcode = '22023';
end
$$;

REVOKE ALL ON FUNCTION public.adjust_variant_stock(p_variant_id uuid, p_change integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.adjust_variant_stock(p_variant_id uuid, p_change integer) TO authenticated;
GRANT ALL ON FUNCTION public.adjust_variant_stock(p_variant_id uuid, p_change integer) TO service_role;

-- ---------------------------------------------------------------- storage: the product-images bucket

-- Every write also needs a live caller (private.caller_is_live(), decision 0058), as the other buckets.
CREATE POLICY product_images_delete_admin ON storage.objects FOR DELETE TO authenticated USING ((((bucket_id = 'product-images'::text) AND ( SELECT private.is_admin() AS is_admin))) AND ( SELECT private.caller_is_live() AS caller_is_live));

CREATE POLICY product_images_insert_admin ON storage.objects FOR INSERT TO authenticated WITH CHECK ((((bucket_id = 'product-images'::text) AND ( SELECT private.is_admin() AS is_admin) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text))) AND ( SELECT private.caller_is_live() AS caller_is_live));

CREATE POLICY product_images_select_anyone ON storage.objects FOR SELECT TO anon, authenticated USING ((bucket_id = 'product-images'::text));

CREATE POLICY product_images_update_admin ON storage.objects FOR UPDATE TO authenticated USING ((((bucket_id = 'product-images'::text) AND ( SELECT private.is_admin() AS is_admin))) AND ( SELECT private.caller_is_live() AS caller_is_live)) WITH CHECK ((((bucket_id = 'product-images'::text) AND ( SELECT private.is_admin() AS is_admin))) AND ( SELECT private.caller_is_live() AS caller_is_live));
