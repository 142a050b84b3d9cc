/** RequireAuth: route guard element; renders children (or the nested routes) when guardDecision allows. */
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AccessDenied } from '@/components/access-denied';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useStaffSecondFactor } from '@/features/auth/api/staff-second-factor';
import { useAuth } from '@/lib/auth-context';
import { guardDecision } from './guard';
import { StaffSecondFactorGate } from './staff-second-factor-gate';

export interface RequireAuthProps {
  /** The user needs at least one of these roles; absent = any signed-in user. */
  roles?: readonly string[];
  /** Staff area: also the office's second-factor rule (StaffSecondFactorGate). */
  secondFactor?: boolean;
  children?: ReactNode;
}

// The user whose last second-factor check let the staff area open: a returning user's area opens while the check
// runs again (the gate still switches to its screen if the answer changed; the database refuses data at aal1 anyway).
const SECOND_FACTOR_OK = 'auth.staff-second-factor-ok';

function storedSecondFactorOk(userId: string | undefined): boolean {
  try {
    return !!userId && localStorage.getItem(SECOND_FACTOR_OK) === userId;
  } catch {
    return false;
  }
}

function rememberSecondFactor(userId: string, ok: boolean) {
  try {
    if (ok) localStorage.setItem(SECOND_FACTOR_OK, userId);
    else localStorage.removeItem(SECOND_FACTOR_OK);
  } catch {
    // storage unavailable: the area waits for the check
  }
}

export function RequireAuth({ roles: required, secondFactor = false, children }: RequireAuthProps) {
  const { loading, user, roles, signOut } = useAuth();
  const location = useLocation();
  const decision = guardDecision({ loading, user, roles, required, pathname: location.pathname });
  // The second-factor check starts with the roles, not after them: the gate finds its answer in the cache.
  const factorCheck = useStaffSecondFactor(secondFactor && !!user);
  const factorAnswer = factorCheck.data?.type;
  const assumeFactorOk = secondFactor && factorCheck.isPending && storedSecondFactorOk(user?.id);
  useEffect(() => {
    if (secondFactor && user?.id && factorAnswer) rememberSecondFactor(user.id, factorAnswer === 'ok');
  }, [secondFactor, user?.id, factorAnswer]);
  // Opening the area (layout and page, a large tree) renders as a transition, in slices: the spinner stays until it
  // is ready, and a phone's main thread is not blocked by one long task. The staff area also waits for the check
  // here (else the gate's answer would open it in one blocking render).
  const opening = useDeferredValue(
    decision.type === 'render' && !(secondFactor && factorCheck.isPending && !assumeFactorOk),
  );

  switch (decision.type) {
    case 'loading':
      return <PageSpinner />;
    case 'redirect':
      return <Navigate to={decision.to} replace state={{ from: location }} />;
    case 'forbidden':
      return (
        <div className="flex min-h-dvh items-center justify-center">
          <AccessDenied>
            <Button variant="outline" onClick={() => void signOut()}>
              Sair
            </Button>
          </AccessDenied>
        </div>
      );
    case 'render':
      if (!opening) return <PageSpinner />;
      return secondFactor ? (
        <StaffSecondFactorGate assumeOk={assumeFactorOk}>{children ?? <Outlet />}</StaffSecondFactorGate>
      ) : (
        (children ?? <Outlet />)
      );
  }
}
