/** A client's finance rows as the portal reads them (contracts, payments, quotes). */
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
