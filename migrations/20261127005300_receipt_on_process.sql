-- A receipt tracked for a process shows on that process: the process's receipt number (processes.receipt_number,
-- what the process page, lists and search show) is the first receipt tracked for it while it has none.

create or replace function public.receipt_on_process() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.processes p
     set receipt_number = new.receipt_number
   where p.id = new.process_id and p.receipt_number is null;
  return null;
end
$$;
comment on function public.receipt_on_process() is
  'Trigger on uscis_receipts: a process without a receipt number takes the first receipt tracked for it.';
revoke execute on function public.receipt_on_process() from public, anon, authenticated;
create trigger uscis_receipts_on_process after insert or update of process_id on public.uscis_receipts
  for each row execute function public.receipt_on_process();

-- receipts tracked before this migration
update public.processes p
   set receipt_number = r.receipt_number
  from (select distinct on (process_id) process_id, receipt_number
          from public.uscis_receipts order by process_id, created_at) r
 where r.process_id = p.id and p.receipt_number is null;
