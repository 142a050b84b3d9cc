-- USCIS form mappings may take values from the responsible attorney (attorney.*: name, bar number and state,
-- licensing authority, EOIR ID, e-mail, phone), kept on office_settings, as a G-28 needs; office.* now also
-- holds the office's address and contacts.
alter table public.uscis_form_mappings drop constraint if exists uscis_form_mappings_data_path_check;
alter table public.uscis_form_mappings add constraint uscis_form_mappings_data_path_check
  check (data_path ~ '^(client|process|office|attorney|preparer|questionnaire)(\.[A-Za-z0-9_]+)+$');
comment on column public.uscis_form_mappings.data_path is
  'Dotted path: client.*, process.*, office.* (name, address, contacts), attorney.* (the responsible attorney), '
  'preparer.* (the staff member filling) or questionnaire.<answer> (list items by index).';
