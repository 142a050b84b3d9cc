-- The certified translation USCIS requires carries the translator's certification: the office keeps its wording
-- as a template (administrators, Configurações); the function translation-certificate fills it into a PDF for
-- staff. Placeholders: {tradutor}, {documento}, {cliente}, {idioma}, {data}.
alter table public.office_settings
  add column translation_certification_template text not null default
    'I, {tradutor}, certify that I am competent to translate from {idioma} into English, and that the attached '
    'English translation of the {documento} of {cliente} is complete and accurate to the best of my knowledge '
    'and ability.'
    check (char_length(btrim(translation_certification_template)) between 20 and 4000);
comment on column public.office_settings.translation_certification_template is
  'Translator''s certification for certified translations (placeholders {tradutor}, {documento}, {cliente}, {idioma}, {data}).';
