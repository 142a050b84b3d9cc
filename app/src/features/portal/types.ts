/** Rows the portal reads (columns as the database returns them). */
/** A process of the client (public.processes through RLS: a client reads only its own). */
export interface ClientProcess {
  id: number;
  client_id: string;
  type: string;
  status: string;
  stage: string | null;
  description: string | null;
  next_date: string | null;
  created_at: string;
  updated_at: string | null;
}

/** A document the office asked for (the client answers it by uploading). */
export interface PortalDocumentRequest {
  id: string;
  process_id: number;
  document_name: string;
  document_description: string | null;
  is_required: boolean;
  status: 'pending' | 'fulfilled';
  requested_at: string;
  fulfilled_at: string | null;
  kind?: string;
  stage?: string;
  needs_apostille?: boolean;
  needs_translation?: boolean;
  review_status?: 'accepted' | 'rejected' | null;
  rejection_reason?: string | null;
  position?: number;
}

export interface FinancialContract {
  /** 'USD' or 'BRL': every amount of the row is in it. */
  currency: string;
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
  /** 'USD' or 'BRL': every amount of the row is in it. */
  currency: string;
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
  /** 'USD' or 'BRL': every amount of the row is in it. */
  currency: string;
  id: string;
  client_id: string;
  title: string;
  quote_number: string;
  status: string;
  total_amount: number | string;
  /** Before the discount; the discount as an amount and, when it was given as one, as a percentage. */
  subtotal_amount?: number | string | null;
  discount_amount?: number | string | null;
  discount_percent?: number | string | null;
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

/** The upload form's process options (the client's processes). */
export interface ProcessOption {
  id: number;
  type: string;
}
