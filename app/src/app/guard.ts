/** guardDecision(): the route guard's rule (spec section 2, first reading), as a pure function. */
import { paths } from '@/config/paths';
import { hasAnyRole } from '@/lib/roles';

export type GuardDecision =
  | { type: 'loading' }
  | { type: 'render' }
  | { type: 'redirect'; to: string }
  /** The redirect target is the current page (e.g. a user without any role on /): show "Acesso Restrito". */
  | { type: 'forbidden' };

export interface GuardInput {
  loading: boolean;
  user: unknown;
  roles: readonly string[];
  /** Roles of which the user needs at least one; empty or absent = any signed-in user. */
  required?: readonly string[];
  pathname: string;
}

export function isPortalPath(pathname: string): boolean {
  return pathname === paths.portal.home || pathname.startsWith(`${paths.portal.home}/`);
}

/** Where a signed-in user lands: clients on /cliente, everyone else on /. */
export function landingFor(roles: readonly string[]): string {
  return roles.includes('client') ? paths.portal.home : paths.dashboard;
}

/** A page the sign-in was asked for (the guard's `state.from`), as react-router keeps it. */
export interface ReturnTo {
  pathname?: unknown;
  search?: unknown;
}

/**
 * Where a user goes after signing in: a client back to the portal page it opened signed out (a reminder's pay
 * link), only ever a path of the portal; everyone else, and any other page, to landingFor().
 */
export function landingAfterSignIn(roles: readonly string[], from: ReturnTo | null | undefined): string {
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  const search = typeof from?.search === 'string' && from.search.startsWith('?') ? from.search : '';
  if (roles.includes('client') && pathname.startsWith('/') && !pathname.startsWith('//') && isPortalPath(pathname))
    return pathname + search;
  return landingFor(roles);
}

export function guardDecision({ loading, user, roles, required, pathname }: GuardInput): GuardDecision {
  // While the roles load, the last confirmed ones (lib/auth.tsx) may open the area early; redirects wait.
  if (loading)
    return user && required?.length && hasAnyRole(roles, required) ? { type: 'render' } : { type: 'loading' };
  if (!user) return { type: 'redirect', to: paths.auth };
  if (!required || required.length === 0 || hasAnyRole(roles, required)) return { type: 'render' };

  const isClient = roles.includes('client');
  const inPortal = isPortalPath(pathname);
  let to: string;
  if (isClient && !inPortal) to = paths.portal.home;
  else if (!isClient && inPortal) to = paths.dashboard;
  else to = paths.dashboard;

  return to === pathname ? { type: 'forbidden' } : { type: 'redirect', to };
}
