/**
 * Verificação em duas etapas: enrol an authenticator app (QR code from the server), confirm a code, list and remove.
 * Removing the only authenticator while the office requires the second factor of its staff asks first.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, ShieldCheck, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { readsTables } from '@/lib/data-keys';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TotpCodeField } from '@/components/totp-code-field';
import { supabase } from '@/lib/supabase';
import { perfilStrings as t } from '../strings';
import { fill } from '@/lib/strings';
import { confirmTotp, startTotpEnrolment, type TotpEnrolment } from '@/lib/totp';

const FACTORS_KEY = ['perfil', 'mfa-factors'] as const;
// the factors come from the auth server; whether the office requires one, from office_settings
readsTables(FACTORS_KEY, ['office_settings']);

/** Asked at the moment of removal, so a setting changed meanwhile counts; unknown means not required (as the gate does). */
async function officeRequiresStaffMfa(): Promise<boolean> {
  const { data, error } = await supabase.rpc('staff_mfa_required');
  return !error && data === true;
}

export function TwoFactorCard() {
  const queryClient = useQueryClient();
  const { data: factors = [] } = useQuery({
    queryKey: FACTORS_KEY,
    queryFn: async () => {
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (error) throw error;
      return data.totp.filter((factor) => factor.status === 'verified');
    },
  });
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The factor awaiting confirmation: the last one, while the office requires the second factor of its staff. */
  const [lastFactorId, setLastFactorId] = useState<string | null>(null);
  const [removalId, setRemovalId] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: FACTORS_KEY });

  const start = async () => {
    setBusy(true);
    try {
      const started = await startTotpEnrolment(t.mfaAppName);
      if ('error' in started) return void toast.error(fill(t.mfaEnrollError, { message: started.error }));
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
      if (!(await confirmTotp(enrolment.id, code))) return setError(t.mfaCodeInvalid);
      toast.success(t.mfaEnabled);
      setEnrolment(null);
      setCode('');
      setError(null);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const remove = async (factorId: string) => {
    const { error: failure } = await supabase.auth.mfa.unenroll({ factorId });
    if (failure) return void toast.error(fill(t.mfaRemoveError, { message: failure.message }));
    toast.success(t.mfaRemoved);
    await refresh();
  };

  const requestRemoval = async (factorId: string) => {
    setBusy(true);
    try {
      if (factors.length === 1 && (await officeRequiresStaffMfa())) return setLastFactorId(factorId);
      setRemovalId(factorId);
    } finally {
      setBusy(false);
    }
  };

  const confirmLastRemoval = async () => {
    if (!lastFactorId) return;
    setBusy(true);
    try {
      await remove(lastFactorId);
      // The server put this session back at aal1; a fresh token says so now, and the staff area's gate
      // leads to enrolling a new authenticator instead of the database refusing staff data later.
      await supabase.auth.refreshSession();
    } finally {
      setLastFactorId(null);
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden="true" />
          {t.mfaTitle}
        </CardTitle>
        <CardDescription>{factors.length > 0 ? t.mfaOn : t.mfaOff}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {factors.length > 0 && (
          <ul className="grid gap-2">
            {factors.map((factor) => (
              <li key={factor.id} className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm">
                <span>{factor.friendly_name || t.mfaAppName}</span>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void requestRemoval(factor.id)}
                  disabled={busy}
                  aria-label={`${t.mfaRemove}: ${factor.friendly_name ?? ''}`}
                >
                  <Trash2 aria-hidden="true" />
                  {t.mfaRemove}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {enrolment ? (
          <form onSubmit={confirm} noValidate className="grid gap-3">
            <p className="text-sm text-muted-foreground">{t.mfaScan}</p>
            <img src={enrolment.qrCode} alt={t.mfaQrAlt} className="size-44 self-center rounded border bg-white p-2" />
            <p className="text-xs break-all text-muted-foreground">
              {t.mfaSecret} <code>{enrolment.secret}</code>
            </p>
            <TotpCodeField label={t.mfaCode} value={code} onChange={setCode} error={error} />
            <Button type="submit" disabled={busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              {t.mfaConfirm}
            </Button>
          </form>
        ) : (
          factors.length === 0 && (
            <Button onClick={() => void start()} disabled={busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              {t.mfaEnable}
            </Button>
          )
        )}
      </CardContent>
      <ConfirmDialog
        open={removalId !== null}
        onOpenChange={(open) => !open && setRemovalId(null)}
        title={t.mfaRemoveTitle}
        description={t.mfaRemoveDescription}
        pending={busy}
        onConfirm={async () => {
          if (!removalId) return;
          setBusy(true);
          try {
            await remove(removalId);
          } finally {
            setBusy(false);
          }
        }}
      />
      <ConfirmDialog
        open={lastFactorId !== null}
        onOpenChange={(open) => !open && setLastFactorId(null)}
        title={t.mfaRemoveLastTitle}
        description={t.mfaRemoveLastDescription}
        cancelLabel={t.mfaRemoveLastCancel}
        confirmLabel={t.mfaRemoveLastConfirm}
        pending={busy}
        onConfirm={confirmLastRemoval}
      />
    </Card>
  );
}
