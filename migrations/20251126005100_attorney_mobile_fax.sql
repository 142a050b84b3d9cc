-- The responsible attorney's mobile and fax numbers, as Form G-28 Part 1 asks for them next to the daytime phone
-- and the e-mail. They are the attorney's, like the bar data: staff read them, administrators change them (the
-- row's policies), and office_contact() does not give them to clients. Same rules as attorney_phone: an empty
-- value is null, a number has 10 to 15 digits (public.is_phone_number), a bad one trips a check named after it.

alter table public.office_settings
  add column attorney_mobile text,
  add column attorney_fax    text;

alter table public.office_settings
  add constraint attorney_mobile_format check (attorney_mobile is null or public.is_phone_number(attorney_mobile)),
  add constraint attorney_fax_format check (attorney_fax is null or public.is_phone_number(attorney_fax));

comment on column public.office_settings.attorney_mobile is 'Mobile phone of the responsible attorney (G-28 Part 1).';
comment on column public.office_settings.attorney_fax is 'Fax number of the responsible attorney (G-28 Part 1).';

-- The trigger of 20251126004000_office_profile.sql, with the two new numbers trimmed and blanks made null.
create or replace function public.normalize_office_profile() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.office_street := nullif(btrim(new.office_street), '');
  new.office_suite := nullif(btrim(new.office_suite), '');
  new.office_city := nullif(btrim(new.office_city), '');
  new.office_state := nullif(upper(btrim(new.office_state)), '');
  new.office_zip := nullif(btrim(new.office_zip), '');
  new.office_phone := nullif(btrim(new.office_phone), '');
  new.office_email := nullif(lower(btrim(new.office_email)), '');
  new.office_website := nullif(btrim(new.office_website), '');
  new.attorney_name := nullif(btrim(new.attorney_name), '');
  new.attorney_bar_number := nullif(btrim(new.attorney_bar_number), '');
  new.attorney_bar_state := nullif(upper(btrim(new.attorney_bar_state)), '');
  new.attorney_licensing_authority := nullif(btrim(new.attorney_licensing_authority), '');
  new.attorney_eoir_id := nullif(upper(btrim(new.attorney_eoir_id)), '');
  new.attorney_email := nullif(lower(btrim(new.attorney_email)), '');
  new.attorney_phone := nullif(btrim(new.attorney_phone), '');
  new.attorney_mobile := nullif(btrim(new.attorney_mobile), '');
  new.attorney_fax := nullif(btrim(new.attorney_fax), '');
  return new;
end
$$;
revoke execute on function public.normalize_office_profile() from public, anon, authenticated;
