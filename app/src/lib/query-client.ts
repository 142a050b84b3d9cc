/** The app's QueryClient: one global error toast for failed queries (opt out with meta.silent). */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/errors';
import { fill } from './strings';

/**
 * Per-query / per-mutation options read by the global handlers.
 * - silent: no toast at all (the screen handles or only logs the error).
 * - errorMessage: toast text; "{message}" is replaced by the error's message,
 *   e.g. meta: { errorMessage: 'Erro ao carregar clientes' }.
 */
export interface AppQueryMeta extends Record<string, unknown> {
  silent?: boolean;
  errorMessage?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

export function toastTextFor(error: unknown, meta: AppQueryMeta | undefined): string {
  const message = errorMessage(error);
  if (meta?.errorMessage) return fill(meta.errorMessage, { message });
  return message;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent) return;
        toast.error(toastTextFor(error, query.meta));
      },
    }),
    // Mutations toast globally only when they declare meta.errorMessage; otherwise the
    // screen's own onError shows the spec's message.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silent || !mutation.meta?.errorMessage) return;
        toast.error(toastTextFor(error, mutation.meta));
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

export const queryClient = createQueryClient();
