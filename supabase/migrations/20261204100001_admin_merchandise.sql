-- /admin/merchandise (issue 24, decision 0092): a low-stock threshold beside the member discount, stock
-- changed by a signed amount (adjust_variant_stock) so an admin's screen never overwrites what buyers took
-- meanwhile, the product-images bucket (a product's picture may now be an uploaded file), the overview's
-- low-stock count, and the catalogue's changes in the audit log (audit_change names a one-row table by its
-- table when the row has no id).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('product-images', 'product-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

alter table "public"."store_settings" add column "low_stock_threshold" smallint not null default 5;

alter table "public"."store_settings" add constraint "store_settings_low_stock_threshold_check" CHECK (((low_stock_threshold >= 0) AND (low_stock_threshold <= 1000))) not valid;

alter table "public"."store_settings" validate constraint "store_settings_low_stock_threshold_check";

comment on column public.store_settings.low_stock_threshold is 'A size of a visible product with this many or fewer on the shelf is low on stock (the overview counts them).';

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.adjust_variant_stock(p_variant_id uuid, p_change integer)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.admin_low_stock()
 RETURNS TABLE(threshold integer, low_sizes integer)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if not (select private.is_admin()) then
    raise exception 'only admins can see the stock' using errcode = '42501';
  end if;
  return query
    select s.low_stock_threshold::integer,
           (select count(*)::integer
            from public.product_variants v
            join public.products p on p.id = v.product_id
            where p.visible and v.stock <= s.low_stock_threshold)
    from public.store_settings s;
end
$function$
;

CREATE OR REPLACE FUNCTION private.audit_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor uuid := (select auth.uid());
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  label_column text := tg_argv[0];
  noun text := coalesce(nullif(btrim(tg_argv[1]), ''), replace(tg_table_name, '_', ' '));
  changed_before jsonb;
  changed_after jsonb;
  who record;
begin
  if actor is null or not private.is_admin() then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
    into changed_before, changed_after
    from jsonb_each(old_row) o
    where o.key <> 'updated_at' and o.value is distinct from new_row -> o.key;
    if changed_after is null then
      return null; -- nothing changed
    end if;
  else
    changed_before := old_row - 'updated_at';
    changed_after := new_row - 'updated_at';
  end if;
  select p.full_name, u.email into who
  from auth.users u left join public.profiles p on p.id = u.id
  where u.id = actor;
  insert into public.audit_log (actor_id, actor_name, actor_email, entity, entity_id, entity_label,
                                entity_noun, action, before, after)
  values (
    actor, who.full_name, who.email, tg_table_name,
    coalesce(new_row ->> 'id', old_row ->> 'id', tg_table_name), -- a one-row table has no id
    case when label_column is not null then coalesce(new_row ->> label_column, old_row ->> label_column) end,
    noun, lower(tg_op), changed_before, changed_after
  );
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.is_product_image(value text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select (value ~ '^/images/store/[a-z0-9]+(-[a-z0-9]+)*\.(svg|png|jpg|jpeg|webp|avif)$'
          or value ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9]{1,16}\.(png|jpg|gif|webp)$')
     and char_length(value) <= 200
$function$
;


  create policy "product_images_delete_admin"
  on "storage"."objects"
  as permissive
  for delete
  to authenticated
using (((bucket_id = 'product-images'::text) AND ( SELECT private.is_admin() AS is_admin) AND ( SELECT private.caller_is_live() AS caller_is_live)));



  create policy "product_images_insert_admin"
  on "storage"."objects"
  as permissive
  for insert
  to authenticated
with check (((bucket_id = 'product-images'::text) AND ( SELECT private.is_admin() AS is_admin) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text) AND ( SELECT private.caller_is_live() AS caller_is_live)));



  create policy "product_images_select_anyone"
  on "storage"."objects"
  as permissive
  for select
  to anon, authenticated
using ((bucket_id = 'product-images'::text));



  create policy "product_images_update_admin"
  on "storage"."objects"
  as permissive
  for update
  to authenticated
using (((bucket_id = 'product-images'::text) AND ( SELECT private.is_admin() AS is_admin) AND ( SELECT private.caller_is_live() AS caller_is_live)))
with check (((bucket_id = 'product-images'::text) AND ( SELECT private.is_admin() AS is_admin) AND ( SELECT private.caller_is_live() AS caller_is_live)));


CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.product_variants FOR EACH ROW EXECUTE FUNCTION private.audit_change('size', 'size');

CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.products FOR EACH ROW EXECUTE FUNCTION private.audit_change('name', 'product');

CREATE TRIGGER audit_change AFTER UPDATE ON public.store_settings FOR EACH ROW EXECUTE FUNCTION private.audit_change();

grant update (low_stock_threshold) on table public.store_settings to authenticated;

revoke all on function public.adjust_variant_stock(p_variant_id uuid, p_change integer) from public;
grant all on function public.adjust_variant_stock(p_variant_id uuid, p_change integer) to authenticated;
grant all on function public.adjust_variant_stock(p_variant_id uuid, p_change integer) to service_role;

revoke all on function public.admin_low_stock() from public;
grant all on function public.admin_low_stock() to authenticated;
grant all on function public.admin_low_stock() to service_role;

