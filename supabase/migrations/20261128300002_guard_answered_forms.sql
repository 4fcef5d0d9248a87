-- Editing a traveller form once people have answered it (decision 0045). Before anyone answers, anything
-- the admin may write can change. After: the title, due date, question wording, required flags, new optional
-- questions and new choice options may change, but who answers it may not, a question with answers may not
-- be removed or change type, and a choice option someone chose may not be removed; the answers stay true.
create function private.guard_answered_form() returns trigger
language plpgsql set search_path = ''
as $$
declare
  field jsonb;
  fresh jsonb;
  used text;
begin
  if new.fields = old.fields and new.answered_by = old.answered_by then
    return new;
  end if;
  -- Only admins may update a form (RLS), and admins read every answer.
  if not exists (select 1 from public.traveller_form_responses r where r.form_id = old.id) then
    return new;
  end if;
  if new.answered_by <> old.answered_by then
    raise exception 'People have answered this form, so who answers it cannot change.' using errcode = '23514';
  end if;
  for field in select value from jsonb_array_elements(old.fields) loop
    continue when not exists (select 1 from public.traveller_form_responses r
                              where r.form_id = old.id and r.answers ? (field ->> 'key'));
    select value into fresh from jsonb_array_elements(new.fields) where value ->> 'key' = field ->> 'key';
    if fresh is null then
      raise exception '"%" has answers, so it cannot be removed.', field ->> 'label' using errcode = '23514';
    end if;
    if fresh ->> 'kind' <> field ->> 'kind' then
      raise exception '"%" has answers, so its type cannot change.', fresh ->> 'label' using errcode = '23514';
    end if;
    if field ->> 'kind' = 'choice' then
      select r.answers ->> (field ->> 'key') into used
      from public.traveller_form_responses r
      where r.form_id = old.id and r.answers ? (field ->> 'key')
        and not (fresh -> 'options') @> jsonb_build_array(r.answers -> (field ->> 'key'))
      limit 1;
      if used is not null then
        raise exception '"%": the option "%" has been chosen, so it cannot be removed.', fresh ->> 'label', used
          using errcode = '23514';
      end if;
    end if;
  end loop;
  for fresh in select value from jsonb_array_elements(new.fields) loop
    if (fresh -> 'required')::boolean
       and not exists (select 1 from jsonb_array_elements(old.fields) o where o ->> 'key' = fresh ->> 'key') then
      raise exception '"%" is new, so it must be optional: people have already answered this form.',
        fresh ->> 'label' using errcode = '23514';
    end if;
  end loop;
  return new;
end
$$;
revoke all on function private.guard_answered_form() from public;

create trigger guard_answered_form before update of fields, answered_by on public.traveller_forms
  for each row execute function private.guard_answered_form();
