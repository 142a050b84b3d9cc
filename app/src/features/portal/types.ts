/** Rows the portal reads (columns as the database returns them). */
export interface ClientProcess {
  id: number;
  client_id: string;
  process_id: number | null;
  status: string;
  description: string | null;
  created_at: string;
  updated_at: string | null;
}

export interface FinancialContract {
  id: string;
  client_id: string;
  title: string;
  contract_number: string;
  status: string;
  total_amount: number | string;
  payment_terms: string | null;
  start_date: string | null;
  end_date: string | null;
  notes: string | null;
  created_at: string;
}

export interface FinancialPayment {
  id: string;
  client_id: string;
  contract_id: string | null;
  amount: number | string;
  payment_date: string | null;
  payment_method: string | null;
  status: string;
  notes: string | null;
}

export interface FinancialQuote {
  id: string;
  client_id: string;
  title: string;
  quote_number: string;
  status: string;
  total_amount: number | string;
  expiration_date: string | null;
  notes: string | null;
  created_at: string;
}

export interface ClientFinance {
  contracts: FinancialContract[];
  payments: FinancialPayment[];
  quotes: FinancialQuote[];
}

export interface ClientDocument {
  id: string;
  client_id: string;
  process_id: number | null;
  name: string;
  file_path: string;
  uploaded_by: 'client' | 'office';
  document_type: string | null;
  created_at: string;
}

/** client_processes options of the upload form (id, process_id, description). */
export interface ProcessOption {
  id: number;
  process_id: number | null;
  description: string | null;
}
