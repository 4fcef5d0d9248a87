-- What every admin function shares, defined once: the refusal for anyone but an admin, the search box's
-- text as an ILIKE pattern, and the company's day.

-- Refuses everyone but a signed-in admin, with the code row-level security uses (42501). Security-definer
-- admin functions call it first, so a member calling them directly through the API gets nothing.
create function private.require_admin(what text) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'only an admin can %', what using errcode = '42501';
  end if;
end
$$;
revoke all on function private.require_admin(text) from public;
grant execute on function private.require_admin(text) to authenticated, service_role;

-- A search box's text as an ILIKE pattern that matches it anywhere: trimmed, and \ % _ taken literally
-- (an admin searching for "50%" finds "50%", not everything). Null when there is nothing to search for.
create function private.search_pattern(search text) returns text
language sql immutable set search_path = ''
as $$
  select '%' || replace(replace(replace(nullif(btrim(search), ''), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
grant execute on function private.search_pattern(text) to authenticated, service_role;

-- The company's day (Sydney), as src/lib/format/today.ts reads it in the browser.
create function private.sydney_today() returns date
language sql stable set search_path = ''
as $$
  select (now() at time zone 'Australia/Sydney')::date
$$;
grant execute on function private.sydney_today() to authenticated, service_role;
