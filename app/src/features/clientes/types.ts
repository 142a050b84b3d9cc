/** A row of the clients list (the columns the list selects). */
export interface ClientListItem {
  id: string;
  full_name: string;
  email: string;
  phone: string | null;
  created_at: string;
}
