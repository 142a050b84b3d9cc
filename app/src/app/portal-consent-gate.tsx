/** PortalConsentGate: the client area opens once the client has accepted the versions in force of the terms of use
 * and the privacy notice (asked again after the office publishes a new one). */
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { usePendingLegalDocuments } from '@/features/privacidade/api/pending';

// Loaded only when needed: most sessions never see it.
const ConsentScreen = lazy(() => import('@/features/privacidade/components/consent-screen'));

export function PortalConsentGate() {
  const pending = usePendingLegalDocuments();
  if (pending.isPending) return <PageSpinner />;
  // a failed check does not lock the client out (the portal's data stays under RLS either way)
  if (!pending.data || pending.data.length === 0) return <Outlet />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <ConsentScreen documents={pending.data} />
    </Suspense>
  );
}
