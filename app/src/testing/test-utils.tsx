/** Test helpers: renderWithProviders (QueryClient + MemoryRouter + a mock auth context), createMockAuth. */
import type { Session, User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { AuthContext, type AuthContextValue } from '@/lib/auth-context';
import { isStaffRole } from '@/lib/roles';

export { AuthContext };

/** A user as supabase-js returns it (only the fields the app reads). */
export function mockUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'admin@escritorio.test',
    aud: 'authenticated',
    role: 'authenticated',
    app_metadata: {},
    user_metadata: {},
    created_at: '2024-01-01T00:00:00Z',
    ...overrides,
  } as User;
}

export interface MockAuthOptions extends Partial<AuthContextValue> {
  /** Shortcut: signed-out context (user and session null, no roles). */
  signedOut?: boolean;
}

/**
 * An auth context value. Defaults: signed-in administrator "Ana Administradora" (admin@escritorio.test).
 * hasRole / isStaff / isClient follow `roles` unless given. signIn/signOut/refreshProfile are vi.fn().
 *
 *   createMockAuth({ roles: ['client'], clientData: {...} })
 *   createMockAuth({ signedOut: true })
 */
export function createMockAuth({ signedOut = false, ...overrides }: MockAuthOptions = {}): AuthContextValue {
  const roles = overrides.roles ?? (signedOut ? [] : ['administrator']);
  const user = signedOut ? null : (overrides.user ?? mockUser());
  const session = signedOut
    ? null
    : (overrides.session ?? (user ? ({ user, access_token: 'test-token' } as Session) : null));
  return {
    session,
    user,
    profile: signedOut
      ? null
      : { id: user?.id ?? 'user-1', email: user?.email ?? null, full_name: 'Ana Administradora' },
    clientData: null,
    loading: false,
    signIn: vi.fn(async () => ({ error: null, roles })),
    signOut: vi.fn(async () => ({ error: null })),
    refreshProfile: vi.fn(async () => {}),
    hasRole: (role: string) => roles.includes(role),
    isStaff: roles.some(isStaffRole),
    isClient: roles.includes('client'),
    ...overrides,
    roles,
  };
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: Infinity }, mutations: { retry: false } },
  });
}

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Overrides for the auth context (see createMockAuth), or a full value. */
  auth?: MockAuthOptions;
  /** Initial URL, default '/'. */
  route?: string;
  /** Route pattern for `ui` (e.g. '/clientes/:id') so useParams works; default: rendered at any path. */
  path?: string;
  /** Extra routes next to `ui` (e.g. redirect targets): { '/auth': <p>login</p> }. */
  routes?: Record<string, ReactNode>;
  queryClient?: QueryClient;
}

export interface RenderWithProvidersResult extends RenderResult {
  auth: AuthContextValue;
  queryClient: QueryClient;
}

export function renderWithProviders(
  ui: ReactElement,
  options: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  const {
    auth: authOptions,
    route = '/',
    path,
    routes = {},
    queryClient = createTestQueryClient(),
    ...renderOptions
  } = options;
  const auth = createMockAuth(authOptions);
  const hasRoutes = path !== undefined || Object.keys(routes).length > 0;

  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[route]}>
          {hasRoutes ? (
            <Routes>
              <Route path={path ?? '*'} element={ui} />
              {Object.entries(routes).map(([routePath, element]) => (
                <Route key={routePath} path={routePath} element={element} />
              ))}
            </Routes>
          ) : (
            ui
          )}
        </MemoryRouter>
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
    renderOptions,
  );
  return { ...result, auth, queryClient };
}
