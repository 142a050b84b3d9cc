/** /definir-senha: where an invitation (or a recovery) link lands; the person chooses a password and goes in.
 * A person with a verified authenticator first gives its code: the password changes only in an aal2 session. */
import { KeyRound, Loader2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { landingFor } from '@/app/guard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { supabase } from '@/lib/supabase';
import { currentRoles, pendingSecondFactor, sessionFromFragment } from '../api/session-links';
import { SecondFactorForm } from '../components/second-factor-form';
import { authStrings as t } from '../strings';
import { fill } from '@/lib/strings';

const STRONG = /^(?=.*[A-Za-z])(?=.*\d).{8,}$/;

export default function DefinirSenhaPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<'checking' | 'second-factor' | 'ready' | 'invalid'>('checking');
  const [factorId, setFactorId] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let active = true;
    void (async () => {
      const link = await sessionFromFragment();
      const { data } = await supabase.auth.getSession();
      if (link.error || !data.session) {
        if (active) setState('invalid');
        return;
      }
      const factor = await pendingSecondFactor();
      if (!active) return;
      setFactorId(factor);
      setState(factor ? 'second-factor' : 'ready');
    })();
    return () => {
      active = false;
    };
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!STRONG.test(password)) return setError(t.passwordWeak);
    if (password !== confirm) return setError(t.passwordMismatch);
    setError(null);
    setSaving(true);
    try {
      const { error: failure } = await supabase.auth.updateUser({ password });
      if (failure) {
        toast.error(fill(t.setPasswordError, { message: failure.message }));
        return;
      }
      toast.success(t.passwordSet);
      navigate(landingFor(await currentRoles()), { replace: true });
    } finally {
      setSaving(false);
    }
  };

  if (state === 'checking') return <PageSpinner />;
  if (state === 'second-factor' && factorId) {
    return (
      <SecondFactorForm
        factorId={factorId}
        description={t.setPasswordMfaDescription}
        onVerified={() => setState('ready')}
      />
    );
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-slate-100 via-background to-blue-50 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <KeyRound className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl leading-none font-semibold">{t.setPasswordTitle}</h1>
          <CardDescription>{state === 'ready' ? t.setPasswordDescription : t.linkInvalid}</CardDescription>
        </CardHeader>
        {state === 'ready' ? (
          <form onSubmit={onSubmit} noValidate>
            <CardContent className="grid gap-4">
              <FormField label={t.newPassword} error={error ?? undefined}>
                <Input
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </FormField>
              <FormField label={t.confirmPassword}>
                <Input
                  type="password"
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                />
              </FormField>
            </CardContent>
            <CardFooter className="mt-6">
              <Button type="submit" className="w-full" disabled={saving}>
                {saving && <Loader2 className="animate-spin" aria-hidden="true" />}
                {t.setPasswordSubmit}
              </Button>
            </CardFooter>
          </form>
        ) : (
          <CardFooter>
            <Link to="/auth" className="text-sm text-primary hover:underline">
              {t.goToLogin}
            </Link>
          </CardFooter>
        )}
      </Card>
    </main>
  );
}
