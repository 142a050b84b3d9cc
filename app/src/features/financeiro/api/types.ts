export interface Product {
  id: string;
  name: string;
  description: string | null;
  price: number | string;
  category: string;
  is_active: boolean;
}

export interface ExpenseCategory {
  id: string;
  name: string;
}

export interface Expense {
  id: string;
  description: string;
  amount: number | string;
  due_date: string;
  category_id: string | null;
  category: ExpenseCategory | null;
  is_paid: boolean;
  payment_date: string | null;
  payment_method: string | null;
  notes: string | null;
}

export interface UscisFee {
  id: string;
  form_code: string;
  form_name: string;
  fee_amount: number | string;
  category: string | null;
  description: string | null;
  valid_from: string;
  valid_until: string | null;
  is_active: boolean;
}
