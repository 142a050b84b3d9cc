-- USCIS forms ready on day one: the product's mapping packs write through the same mapping rows, so the
-- rows accept the packs' transforms (street and unit of an address line, digits, country in English, a
-- list's count, a place's city and country) and the filing's own data (filing.date: the day the form is
-- filled, for the preparer's and attorney's signature dates; filing.forms: the forms of the packet).
-- The forms of a case type (case_types.forms, edited by administrators in Configurações) are the packet
-- "Preencher pacote" fills, in that order.
alter table public.uscis_form_mappings drop constraint if exists uscis_form_mappings_data_path_check;
alter table public.uscis_form_mappings add constraint uscis_form_mappings_data_path_check
  check (data_path ~ '^(client|process|office|attorney|preparer|questionnaire|filing)(\.[A-Za-z0-9_]+)+$');
comment on column public.uscis_form_mappings.data_path is
  'Dotted path: client.*, process.*, office.* (name, address, contacts), attorney.* (the responsible attorney), '
  'preparer.* (the staff member filling), filing.* (date, forms) or questionnaire.<answer> (list items by index).';

alter table public.uscis_form_mappings drop constraint if exists uscis_form_mappings_transform_check;
alter table public.uscis_form_mappings add constraint uscis_form_mappings_transform_check
  check (transform in ('text', 'upper', 'date_mdy', 'name_first', 'name_middle', 'name_last', 'checkbox',
                       'phone_us', 'ssn', 'a_number', 'receipt', 'digits', 'street', 'unit_number', 'unit_is',
                       'country_en', 'count', 'place_city', 'place_country'));

-- The packets of the common case types (administrators change them in Configurações).
insert into public.case_types (id, label, category, forms, sort_order) values
  ('ajuste_casamento',        'Ajuste de status por casamento', 'USCIS', 'I-130, I-130A, I-485, I-765, I-131, I-864, G-28', 25),
  ('eb2_niw',                 'EB-2 NIW',                       'USCIS', 'I-140, I-485, I-765, I-131', 22)
on conflict (id) do nothing;
update public.case_types set forms = 'N-400, G-28' where id = 'naturalizacao' and forms = 'N-400';
update public.case_types set forms = 'I-589, G-28' where id = 'asilo' and forms = 'I-589';

-- The cover letter of a packet, as the office writes it (placeholders {escritorio}, {cliente}, {processo},
-- {formularios}, {data}, {advogado}); empty: the product's own letter.
alter table public.office_settings add column if not exists packet_cover_letter text
  constraint packet_cover_letter_length check (packet_cover_letter is null or char_length(packet_cover_letter) <= 5000);
comment on column public.office_settings.packet_cover_letter is
  'Cover letter of a USCIS packet ("Preencher pacote"); placeholders {escritorio} {cliente} {processo} {formularios} {data} {advogado}.';
