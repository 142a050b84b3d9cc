/** RequireAuth: route guard element; renders children (or the nested routes) when guardDecision allows. */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AccessDenied } from '@/components/access-denied';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
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

export function RequireAuth({ roles: required, secondFactor = false, children }: RequireAuthProps) {
  const { loading, user, roles, signOut } = useAuth();
  const location = useLocation();
  const decision = guardDecision({ loading, user, roles, required, pathname: location.pathname });

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
      return secondFactor ? <StaffSecondFactorGate>{children ?? <Outlet />}</StaffSecondFactorGate> : (children ?? <Outlet />);
  }
}
