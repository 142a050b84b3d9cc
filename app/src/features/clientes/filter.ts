/** Client-side search of the clients list (spec section 5). */
import type { ClientListItem } from './types';

/**
 * Case-insensitive match over full name and e-mail, and a substring match on the phone.
 * A blank term keeps every client; surrounding spaces are ignored.
 */
export function filterClients<T extends Pick<ClientListItem, 'full_name' | 'email' | 'phone'>>(
  clients: readonly T[],
  term: string,
): T[] {
  const query = term.trim();
  if (!query) return [...clients];
  const lower = query.toLowerCase();
  return clients.filter(
    (client) =>
      (client.full_name ?? '').toLowerCase().includes(lower) ||
      (client.email ?? '').toLowerCase().includes(lower) ||
      (client.phone ?? '').includes(query),
  );
}
