/** The second step of signing in: the 6-digit code of the user's authenticator app (TOTP, aal2). */
import { useState, type FormEvent } from 'react';
import { CardContent, CardFooter } from '@/components/ui/card';
import { TotpCodeField } from '@/components/totp-code-field';
import { confirmTotp } from '@/lib/totp';
import { authStrings as t } from '../strings';
import { SecondFactorActions, SecondFactorScreen } from './second-factor-screen';

export interface SecondFactorFormProps {
  factorId: string;
  onVerified: () => void | Promise<void>;
  /** Why the code is asked (default: the sign-in's second step). */
  description?: string;
}

export function SecondFactorForm({ factorId, onVerified, description }: SecondFactorFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      if (!(await confirmTotp(factorId, code))) return setError(t.mfaInvalid);
      await onVerified();
    } finally {
      setBusy(false);
    }
  };

  return (
    <SecondFactorScreen title={t.mfaTitle} description={description ?? t.mfaDescription}>
      <form onSubmit={onSubmit} noValidate>
        <CardContent>
          <TotpCodeField label={t.mfaCode} value={code} onChange={setCode} error={error} />
        </CardContent>
        <CardFooter className="mt-6 flex-col gap-3">
          <SecondFactorActions label={t.mfaSubmit} busy={busy} />
        </CardFooter>
      </form>
    </SecondFactorScreen>
  );
}
