-- One case-type catalogue: public.case_types (the workspace's table, edited by administrators in
-- Configurações) replaces the list office_settings kept.
alter table public.office_settings drop column if exists case_types;
