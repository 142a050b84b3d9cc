-- Global search with several staff at once. A GIN index with `fastupdate` (PostgreSQL's default) adds new rows to
-- an unsorted pending list, merged into the index only by (auto)vacuum or when the list reaches
-- gin_pending_list_limit (4 MB); until then every search reads the whole list of every trigram index it uses. After
-- a bulk load (or a busy day of new clients and processes) that was most of search_workspace's time: measured at
-- the large office, a receipt search took 32 ms alone and 98 ms with 5 callers at once with the lists pending, 12 ms
-- and 36 ms once merged. The search's trigram indexes now take each row into the index at once (a new client or
-- process costs a little more to write; they are written rarely, searched often) and the lists pending now are
-- merged. Nothing here changes what search_workspace answers or who sees what.
do $$
declare
  v_index text;
begin
  foreach v_index in array array[
    'clients_full_name_fold_trgm', 'clients_email_fold_trgm', 'clients_phone_fold_trgm',
    'clients_a_number_fold_trgm', 'processes_type_fold_trgm', 'processes_client_name_fold_trgm',
    'processes_receipt_fold_trgm', 'uscis_receipts_number_fold_trgm', 'eoir_court_cases_a_number_fold_trgm'
  ] loop
    execute format('alter index public.%I set (fastupdate = off)', v_index);
    perform pg_catalog.gin_clean_pending_list(format('public.%I', v_index)::regclass);
  end loop;
end
$$;
