/** First authenticator of a staff member whose office requires the second factor: QR code, then a code (aal2). */
import { useState, type FormEvent } from 'react';
import { CardContent, CardFooter } from '@/components/ui/card';
import { TotpCodeField } from '@/components/totp-code-field';
import { fill } from '@/lib/strings';
import { confirmTotp, startTotpEnrolment, type TotpEnrolment } from '@/lib/totp';
import { authStrings as t } from '../strings';
import { SecondFactorActions, SecondFactorScreen } from './second-factor-screen';

export function SecondFactorEnrolment({ onEnrolled }: { onEnrolled: () => void | Promise<void> }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const started = await startTotpEnrolment(t.enrollAppName);
      if ('error' in started) return setError(fill(t.enrollError, { message: started.error }));
      setEnrolment(started.enrolment);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!enrolment) return;
    setBusy(true);
    try {
      if (!(await confirmTotp(enrolment.id, code))) return setError(t.mfaInvalid);
      await onEnrolled();
    } finally {
      setBusy(false);
    }
  };

  return (
    <SecondFactorScreen title={t.requiredEnrollTitle} description={t.requiredEnroll}>
      {enrolment ? (
        <form onSubmit={confirm} noValidate>
          <CardContent className="grid gap-3">
            <p className="text-sm text-muted-foreground">{t.enrollScan}</p>
            <img
              src={enrolment.qrCode}
              alt={t.enrollQrAlt}
              className="size-44 self-center justify-self-center rounded border bg-white p-2"
            />
            <p className="text-xs break-all text-muted-foreground">
              {t.enrollSecret} <code data-testid="totp-secret">{enrolment.secret}</code>
            </p>
            <TotpCodeField label={t.mfaCode} value={code} onChange={setCode} error={error} />
          </CardContent>
          <CardFooter className="mt-6 flex-col gap-3">
            <SecondFactorActions label={t.enrollConfirm} busy={busy} />
          </CardFooter>
        </form>
      ) : (
        <CardFooter className="flex-col gap-3">
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <SecondFactorActions label={t.enrollStart} busy={busy} onClick={() => void start()} />
        </CardFooter>
      )}
    </SecondFactorScreen>
  );
}
