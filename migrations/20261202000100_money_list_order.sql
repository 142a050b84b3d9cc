-- Financeiro's Contratos and Orçamentos lists page newest first (created_at desc, id desc): without an index in
-- that order a first page sorted every contract of the office (12,500 at the large office's scale) on each visit.
create index financial_contracts_created_idx on public.financial_contracts (created_at desc, id desc);
create index financial_quotes_created_idx on public.financial_quotes (created_at desc, id desc);
