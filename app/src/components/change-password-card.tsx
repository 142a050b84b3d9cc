/**
 * Alterar senha (staff in Meu Perfil, clients in the portal's Meu Perfil): the current password, checked by signing
 * in with it, then the new one twice. A user with a verified authenticator whose session is still at aal1 gives the
 * app's code first (supabase-js challenge/verify), as the auth server changes such a password only at aal2.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth-context';
import { fill } from '@/lib/strings';
import { checkPassword, supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';

/** The auth server's minimum_password_length (supabase/config.toml). */
export const PASSWORD_MIN_LENGTH = 6;

export const changePasswordStrings = {
  title: 'Alterar senha',
  description: 'Para sua segurança, confirme a senha atual antes de escolher a nova.',
  current: 'Senha atual',
  next: 'Nova senha',
  confirm: 'Confirmar nova senha',
  code: 'Código do aplicativo autenticador',
  codeHint: 'Sua conta tem verificação em duas etapas: digite o código de 6 dígitos para confirmar a alteração.',
  submit: 'Alterar senha',
  submitting: 'Alterando...',
  currentRequired: 'Informe a senha atual',
  currentWrong: 'Senha atual incorreta',
  tooShort: `A nova senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`,
  mismatch: 'As senhas não coincidem',
  same: 'A nova senha deve ser diferente da atual',
  codeInvalid: 'Código inválido ou expirado',
  rateLimited: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  changed: 'Senha alterada com sucesso',
  error: 'Erro ao alterar a senha: {message}',
} as const;

const t = changePasswordStrings;

const schema = z
  .object({
    current: z.string().min(1, t.currentRequired),
    next: z.string().min(PASSWORD_MIN_LENGTH, t.tooShort),
    confirm: z.string(),
    code: z.string().trim(),
  })
  .refine((v) => v.next === v.confirm, { message: t.mismatch, path: ['confirm'] })
  .refine((v) => v.next !== v.current, { message: t.same, path: ['next'] });

type Values = z.infer<typeof schema>;

const EMPTY: Values = { current: '', next: '', confirm: '', code: '' };

/** The verified TOTP factor to challenge when the session is at aal1 and the account has one, else null. */
async function stepUpFactor(): Promise<string | null> {
  const { data: level } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (!level || level.currentLevel === 'aal2' || level.nextLevel !== 'aal2') return null;
  const { data: factors } = await supabase.auth.mfa.listFactors();
  return factors?.totp.find((f) => f.status === 'verified')?.id ?? null;
}

export function ChangePasswordCard() {
  const { user } = useAuth();
  const [factorId, setFactorId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: EMPTY });

  const change = async (values: Values) => {
    const email = user?.email;
    if (!email) return;
    setSaving(true);
    try {
      const check = await checkPassword(email, values.current);
      if (check === 'rate-limited') {
        toast.error(t.rateLimited);
        return;
      }
      if (check === 'wrong') {
        setError('current', { message: t.currentWrong }, { shouldFocus: true });
        return;
      }
      const factor = factorId ?? (await stepUpFactor());
      if (factor) {
        if (!factorId) {
          // first the code: the field appears, the user types it and submits again
          setFactorId(factor);
          return;
        }
        if (!/^\d{6}$/.test(values.code)) {
          setError('code', { message: t.codeInvalid }, { shouldFocus: true });
          return;
        }
        const { error: verifyError } = await supabase.auth.mfa.challengeAndVerify({
          factorId: factor,
          code: values.code,
        });
        if (verifyError) {
          setError('code', { message: t.codeInvalid }, { shouldFocus: true });
          return;
        }
      }
      const { error } = await supabase.auth.updateUser({ password: values.next });
      if (error) {
        if (error.code === 'same_password') setError('next', { message: t.same }, { shouldFocus: true });
        else if (error.code === 'weak_password') setError('next', { message: t.tooShort }, { shouldFocus: true });
        else if (error.code === 'insufficient_aal') setFactorId(await stepUpFactor());
        else toast.error(fill(t.error, { message: error.message }));
        return;
      }
      toast.success(t.changed);
      setFactorId(null);
      reset(EMPTY);
    } catch (error) {
      toast.error(fill(t.error, { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="leading-none font-semibold">{t.title}</h2>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={handleSubmit(change)}>
          {/* the account's e-mail, for password managers */}
          <input type="email" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
          <FormField label={t.current} error={errors.current}>
            <Input type="password" autoComplete="current-password" {...register('current')} />
          </FormField>
          <FormField label={t.next} error={errors.next}>
            <Input type="password" autoComplete="new-password" {...register('next')} />
          </FormField>
          <FormField label={t.confirm} error={errors.confirm}>
            <Input type="password" autoComplete="new-password" {...register('confirm')} />
          </FormField>
          {factorId && (
            <FormField label={t.code} description={t.codeHint} error={errors.code}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...register('code')} />
            </FormField>
          )}
          <div>
            <Button type="submit" disabled={saving}>
              {saving && <Spinner className="size-4 text-current" />}
              {saving ? t.submitting : t.submit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
