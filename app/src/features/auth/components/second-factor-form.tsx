/** The second step of signing in: the 6-digit code of the user's authenticator app (TOTP, aal2). */
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CardContent, CardFooter } from '@/components/ui/card';
import { TotpCodeField } from '@/components/totp-code-field';
import { useAuth } from '@/lib/auth-context';
import { confirmTotp } from '@/lib/totp';
import { authStrings as t } from '../strings';
import { SecondFactorScreen } from './second-factor-screen';

export interface SecondFactorFormProps {
  factorId: string;
  onVerified: () => void | Promise<void>;
  /** Why the code is asked (default: the sign-in's second step). */
  description?: string;
}

export function SecondFactorForm({ factorId, onVerified, description }: SecondFactorFormProps) {
  const { signOut } = useAuth();
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
          <Button type="submit" className="w-full" disabled={busy}>
            {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
            {t.mfaSubmit}
          </Button>
          <Button type="button" variant="ghost" className="w-full" onClick={() => void signOut()}>
            {t.mfaCancel}
          </Button>
        </CardFooter>
      </form>
    </SecondFactorScreen>
  );
}
