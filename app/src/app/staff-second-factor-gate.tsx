/** StaffSecondFactorGate: the staff area opens only once the session meets the office's second-factor rule. */
import { lazy, Suspense, type ReactNode } from 'react';
import { PageSpinner } from '@/components/ui/spinner';
import { useStaffSecondFactor } from '@/features/auth/api/staff-second-factor';

// Loaded only when needed: most sessions never see it.
const StaffSecondFactorScreen = lazy(() => import('@/features/auth/components/staff-second-factor-screen'));

/** assumeOk: the user's last check passed, so the area shows while this one runs (RequireAuth). */
export function StaffSecondFactorGate({ children, assumeOk = false }: { children: ReactNode; assumeOk?: boolean }) {
  const { data: status, isPending } = useStaffSecondFactor(true);
  if (isPending) return assumeOk ? children : <PageSpinner />;
  if (!status || status.type === 'ok') return children;
  return (
    <Suspense fallback={<PageSpinner />}>
      <StaffSecondFactorScreen status={status} />
    </Suspense>
  );
}
