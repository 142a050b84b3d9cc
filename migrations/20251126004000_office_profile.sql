-- The office's contact details and its responsible attorney, kept once on the office_settings row and used
-- where papers need them: the finance PDFs' header (address, phone, e-mail, website) and USCIS form filling
-- (a G-28 asks for the attorney's name, bar number, licensing authority, EOIR ID and the office's address).
-- The row's policies stay as they are: staff read it, administrators change it. Clients reach the office's
-- contact details (never the attorney's bar data) through office_contact(), as they reach its name through
-- office_branding(). An empty field is null; the checks below give each bad value a constraint named after
-- what is wrong.

alter table public.office_settings
  add column office_street                text,
  add column office_suite                 text,
  add column office_city                  text,
  add column office_state                 text,
  add column office_zip                   text,
  add column office_phone                 text,
  add column office_email                 text,
  add column office_website               text,
  add column attorney_name                text,
  add column attorney_bar_number          text,
  add column attorney_bar_state           text,
  add column attorney_licensing_authority text,
  add column attorney_eoir_id             text,
  add column attorney_email               text,
  add column attorney_phone               text;

-- The postal codes of the states, DC and the territories (USPS), as the forms' State boxes take them.
create or replace function public.is_us_state_code(code text) returns boolean
language sql immutable
set search_path = ''
as $$
  select code = any (array[
    'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
    'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH',
    'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
    'AS', 'GU', 'MP', 'PR', 'VI'])
$$;
comment on function public.is_us_state_code(text) is 'True for a two-letter USPS code of a US state, DC or territory.';
revoke execute on function public.is_us_state_code(text) from public, anon;
grant execute on function public.is_us_state_code(text) to authenticated, service_role;

-- A phone: digits and the usual separators, 10 to 15 digits (a US number or an international one).
create or replace function public.is_phone_number(value text) returns boolean
language sql immutable
set search_path = ''
as $$
  select value ~ '^\+?[0-9 ().-]+$' and length(regexp_replace(value, '[^0-9]', '', 'g')) between 10 and 15
$$;
comment on function public.is_phone_number(text) is 'True for 10 to 15 digits written with +, spaces, dots, dashes or parentheses.';
revoke execute on function public.is_phone_number(text) from public, anon;
grant execute on function public.is_phone_number(text) to authenticated, service_role;

alter table public.office_settings
  add constraint office_street_length check (office_street is null or char_length(btrim(office_street)) between 3 and 120),
  add constraint office_suite_length check (office_suite is null or char_length(btrim(office_suite)) between 1 and 40),
  add constraint office_city_length check (office_city is null or char_length(btrim(office_city)) between 2 and 80),
  add constraint office_state_is_us_state_code check (office_state is null or public.is_us_state_code(office_state)),
  add constraint office_zip_is_5_or_9_digits check (office_zip is null or office_zip ~ '^[0-9]{5}(-[0-9]{4})?$'),
  add constraint office_phone_format check (office_phone is null or public.is_phone_number(office_phone)),
  add constraint office_email_format check (
    office_email is null or (office_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
                             and char_length(office_email) <= 254)),
  add constraint office_website_format check (
    office_website is null or (office_website ~* '^(https?://)?[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(/[^[:space:]]*)?$'
                               and char_length(office_website) <= 200)),
  add constraint attorney_name_length check (attorney_name is null or char_length(btrim(attorney_name)) between 3 and 120),
  add constraint attorney_bar_number_format check (
    attorney_bar_number is null or attorney_bar_number ~ '^[A-Za-z0-9][A-Za-z0-9 ./-]{0,29}$'),
  add constraint attorney_bar_state_is_us_state_code check (
    attorney_bar_state is null or public.is_us_state_code(attorney_bar_state)),
  add constraint attorney_licensing_authority_length check (
    attorney_licensing_authority is null or char_length(btrim(attorney_licensing_authority)) between 3 and 160),
  add constraint attorney_eoir_id_format check (attorney_eoir_id is null or attorney_eoir_id ~ '^[A-Z0-9]{4,12}$'),
  add constraint attorney_email_format check (
    attorney_email is null or (attorney_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
                               and char_length(attorney_email) <= 254)),
  add constraint attorney_phone_format check (attorney_phone is null or public.is_phone_number(attorney_phone));

comment on column public.office_settings.office_street is 'Street address of the office (number and street).';
comment on column public.office_settings.office_suite is 'Suite, floor or unit (the forms'' Apt./Ste./Flr. box).';
comment on column public.office_settings.office_state is 'Two-letter USPS code (e.g. MA).';
comment on column public.office_settings.office_zip is 'ZIP code: 5 digits or ZIP+4 (02108 or 02108-1234).';
comment on column public.office_settings.attorney_name is 'Full name of the responsible attorney (G-28 Part 1).';
comment on column public.office_settings.attorney_bar_number is 'Bar number of the responsible attorney (G-28 Part 2).';
comment on column public.office_settings.attorney_bar_state is 'State whose bar licensed the attorney (two-letter code).';
comment on column public.office_settings.attorney_licensing_authority is
  'Licensing authority as the G-28 writes it (e.g. Supreme Judicial Court of Massachusetts).';
comment on column public.office_settings.attorney_eoir_id is 'The attorney''s EOIR ID (eRegistry), for immigration court filings.';

-- An empty or blank value is stored as null, and codes in upper case, so "" never trips a format check and
-- "ma" is MA.
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
  return new;
end
$$;
revoke execute on function public.normalize_office_profile() from public, anon, authenticated;
create trigger normalize_office_profile before insert or update on public.office_settings
  for each row execute function public.normalize_office_profile();

-- What a client may know of the office: how to reach it (the portal, a letter). No attorney bar data.
create or replace function public.office_contact()
returns table (office_name text, street text, suite text, city text, state text, zip text, phone text, email text,
               website text)
language sql stable security definer
set search_path = ''
as $$
  select s.office_name, s.office_street, s.office_suite, s.office_city, s.office_state, s.office_zip,
         s.office_phone, s.office_email, s.office_website
  from public.office_settings s where s.id
$$;
comment on function public.office_contact() is
  'Name, address, phone, e-mail and website of the office, for any signed-in user (clients included).';
revoke execute on function public.office_contact() from public, anon;
grant execute on function public.office_contact() to authenticated, service_role;
