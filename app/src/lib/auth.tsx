/** AuthProvider: session (onAuthStateChange), profile, roles and client record of the signed-in user. */
import type { Session, User } from '@supabase/supabase-js';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { AuthContext, type AuthContextValue, type SignInResult } from '@/lib/auth-context';
import { isStaffRole } from '@/lib/roles';
import { commonStrings } from '@/lib/strings';
import { supabase } from '@/lib/supabase';
import type { ClientRecord, Profile } from '@/types/auth';

export { AuthContext, useAuth } from '@/lib/auth-context';
export type { AuthContextValue, SignInResult } from '@/lib/auth-context';

interface UserData {
  profile: Profile | null;
  roles: string[];
  clientData: ClientRecord | null;
}

const EMPTY: UserData = { profile: null, roles: [], clientData: null };

// The roles (and the name) last confirmed for the stored session's user: a returning user's area opens on them while
// they are read again (the guard only renders on them, never redirects; RLS decides what data comes back). The name
// keeps the page header from changing when the profile arrives. Sign-out removes it.
const ROLES_HINT = 'auth.roles-hint';

function readHint(userId: string): UserData {
  try {
    const hint = JSON.parse(localStorage.getItem(ROLES_HINT) ?? 'null') as Partial<UserData> & { userId?: string };
    if (hint?.userId !== userId || !Array.isArray(hint.roles)) return EMPTY;
    return { ...EMPTY, roles: hint.roles, profile: hint.profile?.id === userId ? hint.profile : null };
  } catch {
    return EMPTY;
  }
}

function writeHint(userId: string | null, data: UserData = EMPTY) {
  try {
    if (!userId || !data.roles.length) return localStorage.removeItem(ROLES_HINT);
    const profile = data.profile && {
      id: data.profile.id,
      email: data.profile.email,
      full_name: data.profile.full_name,
    };
    localStorage.setItem(ROLES_HINT, JSON.stringify({ userId, roles: data.roles, profile }));
  } catch {
    // storage unavailable: no hint, the area waits for the roles
  }
}

async function fetchProfile(userId: string): Promise<Profile> {
  const { data, error } = await supabase.from('profiles').select('*').eq('id', userId).single();
  if (error) throw error;
  return data as Profile;
}

async function fetchUserData(user: User): Promise<UserData> {
  let profile: Profile | null = null;
  let roles: string[] = [];
  let clientQuery: { data: unknown; error: unknown } = { data: null, error: null };
  try {
    // The client record is asked with the roles, not after them: one round trip less before the portal shows
    // (RLS gives staff no client row of their own, so for them it is null).
    const [profileResult, rolesResult, clientResult] = await Promise.all([
      fetchProfile(user.id),
      supabase.from('user_roles').select('role').eq('user_id', user.id),
      supabase.from('clients').select('*').eq('user_id', user.id).maybeSingle(),
    ]);
    if (rolesResult.error) throw rolesResult.error;
    profile = profileResult;
    roles = (rolesResult.data ?? []).map((row: { role: string }) => row.role);
    clientQuery = clientResult;
  } catch (error) {
    console.error('Failed to load profile or roles', error);
    toast.error(commonStrings.userLoadError);
    return EMPTY;
  }

  let clientData: ClientRecord | null = null;
  if (roles.includes('client')) {
    if (clientQuery.error || !clientQuery.data) console.error('Failed to load client data', clientQuery.error);
    else clientData = clientQuery.data as ClientRecord;
  }
  return { profile, roles, clientData };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [userData, setUserData] = useState<UserData>(EMPTY);
  const [loading, setLoading] = useState(true);
  // One load per user id, shared by the auth listener and signIn().
  const pending = useRef<{ userId: string; promise: Promise<UserData> } | null>(null);
  const loadedUserId = useRef<string | null>(null);

  const loadFor = useCallback((user: User): Promise<UserData> => {
    if (pending.current?.userId === user.id) return pending.current.promise;
    const promise = fetchUserData(user).then((data) => {
      if (pending.current?.promise === promise) {
        loadedUserId.current = user.id;
        setUserData(data);
        writeHint(user.id, data);
      }
      return data;
    });
    pending.current = { userId: user.id, promise };
    return promise;
  }, []);

  const clear = useCallback(() => {
    pending.current = null;
    loadedUserId.current = null;
    setSession(null);
    setUserData(EMPTY);
    writeHint(null);
  }, []);

  useEffect(() => {
    let active = true;

    const apply = async (next: Session | null) => {
      if (!active) return;
      if (!next?.user) {
        clear();
        setLoading(false);
        return;
      }
      setSession(next);
      if (loadedUserId.current !== next.user.id) {
        setUserData(readHint(next.user.id));
        setLoading(true);
        await loadFor(next.user);
        if (active) setLoading(false);
      } else {
        setLoading(false);
      }
    };

    const { data: listener } = supabase.auth.onAuthStateChange((event, next) => {
      if (event === 'SIGNED_OUT') {
        clear();
        setLoading(false);
        return;
      }
      // Do not await other supabase calls inside the callback (it holds the auth lock).
      setTimeout(() => void apply(next), 0);
    });

    supabase.auth
      .getSession()
      .then(({ data }) => apply(data.session))
      .catch((error: unknown) => {
        console.error('Failed to read the session', error);
        if (active) setLoading(false);
      });

    return () => {
      active = false;
      listener.subscription.unsubscribe();
    };
  }, [clear, loadFor]);

  const signIn = useCallback(
    async (email: string, password: string): Promise<SignInResult> => {
      const { data, error } = await supabase.auth.signInWithPassword({ email, password });
      if (error || !data.user) return { error, roles: [] };
      setLoading(true);
      setSession(data.session);
      const loaded = await loadFor(data.user);
      setLoading(false);
      return { error: null, roles: loaded.roles };
    },
    [loadFor],
  );

  const signOut = useCallback(async () => {
    const { error } = await supabase.auth.signOut();
    if (error) {
      console.error('Sign-out failed', error);
      toast.error(commonStrings.signOutError);
      return { error };
    }
    clear();
    return { error: null };
  }, [clear]);

  const refreshProfile = useCallback(async () => {
    const userId = session?.user.id;
    if (!userId) return;
    try {
      const profile = await fetchProfile(userId);
      setUserData((current) => ({ ...current, profile }));
    } catch (error) {
      console.error('Failed to refresh the profile', error);
      toast.error(commonStrings.userLoadError);
    }
  }, [session?.user.id]);

  const value = useMemo<AuthContextValue>(() => {
    const { roles } = userData;
    return {
      session,
      user: session?.user ?? null,
      profile: userData.profile,
      roles,
      clientData: userData.clientData,
      loading,
      signIn,
      signOut,
      refreshProfile,
      hasRole: (role: string) => roles.includes(role),
      isStaff: roles.some(isStaffRole),
      isClient: roles.includes('client'),
    };
  }, [session, userData, loading, signIn, signOut, refreshProfile]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
