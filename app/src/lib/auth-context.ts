/** The auth context value and useAuth(); AuthProvider (lib/auth.tsx) fills it, tests may provide their own. */
import type { AuthError, Session, User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';
import type { ClientRecord, Profile } from '@/types/auth';

export interface SignInResult {
  error: AuthError | null;
  /** Roles of the signed-in user, loaded before the promise resolves (empty on error). */
  roles: string[];
}

export interface AuthContextValue {
  session: Session | null;
  user: User | null;
  /** Row of public.profiles for the user (null while loading or on failure). */
  profile: Profile | null;
  /** Roles from public.user_roles, e.g. ['administrator']. */
  roles: string[];
  /** Row of public.clients for client-role users, else null. */
  clientData: ClientRecord | null;
  /** True until the session and the user's roles/profile are known. */
  loading: boolean;
  signIn: (email: string, password: string) => Promise<SignInResult>;
  /** Signs out; on failure shows the toast 'Erro ao sair do sistema' and returns the error. */
  signOut: () => Promise<{ error: AuthError | null }>;
  refreshProfile: () => Promise<void>;
  hasRole: (role: string) => boolean;
  /** The user has at least one staff role (administrator, legal_assistant, commercial, secretary). */
  isStaff: boolean;
  /** The user has the client role. */
  isClient: boolean;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider> (or renderWithProviders in tests)');
  return value;
}
