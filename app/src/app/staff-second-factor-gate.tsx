/** StaffSecondFactorGate: the staff area opens only once the session meets the office's second-factor rule. */
import { lazy, Suspense, type ReactNode } from 'react';
import { PageSpinner } from '@/components/ui/spinner';
import { useStaffSecondFactor } from '@/features/auth/api/staff-second-factor';

// Loaded only when needed: most sessions never see it.
const StaffSecondFactorScreen = lazy(() => import('@/features/auth/components/staff-second-factor-screen'));

export function StaffSecondFactorGate({ children }: { children: ReactNode }) {
  const { data: status, isPending } = useStaffSecondFactor(true);
  if (isPending) return <PageSpinner />;
  if (!status || status.type === 'ok') return children;
  return (
    <Suspense fallback={<PageSpinner />}>
      <StaffSecondFactorScreen status={status} />
    </Suspense>
  );
}
