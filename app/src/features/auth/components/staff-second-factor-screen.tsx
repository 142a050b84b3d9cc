/** What a staff session below aal2 sees while the office requires the second factor: the code, or the enrolment. */
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { StaffSecondFactor } from '../api/staff-second-factor';
import { authStrings as t } from '../strings';
import { SecondFactorEnrolment } from './second-factor-enrolment';
import { SecondFactorForm } from './second-factor-form';

export default function StaffSecondFactorScreen({ status }: { status: Exclude<StaffSecondFactor, { type: 'ok' }> }) {
  const queryClient = useQueryClient();
  // The session is aal2 now (supabase-js saved it): whatever was read at aal1 is read again.
  const done = async (message: string) => {
    toast.success(message);
    await queryClient.invalidateQueries();
  };
  if (status.type === 'verify') {
    return (
      <SecondFactorForm
        factorId={status.factorId}
        description={t.requiredVerify}
        onVerified={() => done(t.loginSuccess)}
      />
    );
  }
  return <SecondFactorEnrolment onEnrolled={() => done(t.enrollDone)} />;
}
