/** Row types the auth layer loads (columns as the database returns them, snake_case). */

export interface Profile {
  id: string;
  email: string | null;
  full_name: string | null;
  [column: string]: unknown;
}

export interface ClientRecord {
  id: string;
  user_id: string | null;
  full_name: string;
  email: string;
  phone: string | null;
  address: string | null;
  created_at: string;
  [column: string]: unknown;
}
