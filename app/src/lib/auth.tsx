/** AuthProvider: session (onAuthStateChange), profile, roles and client record of the signed-in user. */
import type { Session, User } from '@supabase/supabase-js';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { whenIdle } from '@/lib/idle';
import { toast } from '@/lib/toast';
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

// The roles (and the name, and a client's record id) last confirmed for the stored session's user: a returning user's
// area opens on them, and its data starts loading, while they are read again once the first screen has painted (the
// guard only renders on them, never redirects; RLS decides what data comes back). The name keeps the page header from
// changing when the profile arrives. Sign-out removes it.
const ROLES_HINT = 'auth.roles-hint';
// How long the re-read may wait for the first screen to be idle.
const REVALIDATE_WITHIN_MS = 1000;

type ClientHint = Pick<ClientRecord, 'id' | 'user_id' | 'full_name' | 'email'>;

function readHint(userId: string): UserData {
  try {
    const hint = JSON.parse(localStorage.getItem(ROLES_HINT) ?? 'null') as {
      userId?: string;
      roles?: unknown;
      profile?: Profile | null;
      client?: ClientHint | null;
    } | null;
    if (hint?.userId !== userId || !Array.isArray(hint.roles)) return EMPTY;
    const client = hint.client?.user_id === userId ? hint.client : null;
    return {
      roles: hint.roles as string[],
      profile: hint.profile?.id === userId ? hint.profile : null,
      // phone, address and the rest arrive with the re-read (only the profile dialog shows them)
      clientData: client && { ...client, phone: null, address: null, created_at: '' },
    };
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
    const client = data.clientData && {
      id: data.clientData.id,
      user_id: data.clientData.user_id,
      full_name: data.clientData.full_name,
      email: data.clientData.email,
    };
    localStorage.setItem(ROLES_HINT, JSON.stringify({ userId, roles: data.roles, profile, client }));
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
        const hint = readHint(next.user.id);
        setUserData(hint);
        setLoading(true);
        // With a hint the first screen renders on it: the re-read waits until it has painted, instead of landing in
        // the middle of that render (a phone would start it over) and competing with the page's own queries.
        if (hint.roles.length) {
          await new Promise<void>((resolve) => whenIdle(resolve, REVALIDATE_WITHIN_MS));
          const { data: now } = await supabase.auth.getSession();
          if (!active || now.session?.user.id !== next.user.id) return; // signed out (or in as another) meanwhile
        }
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
