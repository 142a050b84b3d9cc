/** The second step of signing in: the 6-digit code of the user's authenticator app (TOTP, aal2). */
import { Loader2, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth-context';
import { verifySecondFactor } from '../api/session-links';
import { authStrings as t } from '../strings';

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
    if (!/^\d{6}$/.test(code.trim())) return setError(t.mfaInvalid);
    setBusy(true);
    try {
      const failure = await verifySecondFactor(factorId, code);
      if (failure) {
        setError(t.mfaInvalid);
        return;
      }
      await onVerified();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-slate-100 via-background to-blue-50 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl leading-none font-semibold">{t.mfaTitle}</h1>
          <CardDescription>{description ?? t.mfaDescription}</CardDescription>
        </CardHeader>
        <form onSubmit={onSubmit} noValidate>
          <CardContent>
            <FormField label={t.mfaCode} error={error ?? undefined}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </FormField>
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
      </Card>
    </main>
  );
}
