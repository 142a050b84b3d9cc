/** /auth: sign-in (email + password), redirect by role, and the one-off administrator setup. */
import { ArrowLeft, Eye, EyeOff, Landmark, Loader2, Mail, ShieldCheck } from 'lucide-react';
import { useEffect, useState, type ComponentProps } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { landingAfterSignIn, landingFor, type ReturnTo } from '@/app/guard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { useAuth } from '@/lib/auth-context';
import { useBranding } from '@/lib/branding';
import { errorMessage } from '@/lib/errors';
import { createAdminUser } from '../api/create-admin';
import { currentRoles, pendingSecondFactor, sendMagicLink, sessionFromFragment } from '../api/session-links';
import { SecondFactorForm } from '../components/second-factor-form';
import { isAdminEmail, isInvalidCredentials, loginResolver, type LoginInput } from '../schemas';
import { authStrings as t } from '../strings';
import { fill } from '@/lib/strings';

export default function AuthPage() {
  const { user, roles, loading, signIn } = useAuth();
  const navigate = useNavigate();
  // the page the guard sent here from (a reminder's pay link opened signed out)
  const from = (useLocation().state as { from?: ReturnTo } | null)?.from;
  const { name: companyName } = useBranding();
  const [showPassword, setShowPassword] = useState(false);
  const [settingUpAdmin, setSettingUpAdmin] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [setupCode, setSetupCode] = useState('');
  const [setupCodeError, setSetupCodeError] = useState<string | undefined>(undefined);

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });

  const email = useWatch({ control, name: 'email' });
  const showAdminSetup = isAdminEmail(email, env.ADMIN_EMAIL);
  const [sendingLink, setSendingLink] = useState(false);
  // a signed-in user with a verified second factor still at aal1: the factor to challenge
  const [factorId, setFactorId] = useState<string | null>(null);
  const [checkingFactor, setCheckingFactor] = useState(true);

  // A magic link lands here with the session in the URL fragment; then the second factor, if any.
  useEffect(() => {
    let active = true;
    void (async () => {
      const link = await sessionFromFragment();
      if (link.error) toast.error(t.linkError);
      const pending = await pendingSecondFactor();
      if (!active) return;
      setFactorId(pending);
      setCheckingFactor(false);
    })();
    return () => {
      active = false;
    };
  }, [user?.id]);

  if (factorId) {
    return (
      <SecondFactorForm
        factorId={factorId}
        onVerified={async () => {
          const next = await currentRoles();
          setFactorId(null);
          toast.success(t.loginSuccess);
          navigate(landingAfterSignIn(next, from), { replace: true });
        }}
      />
    );
  }

  // Already signed in (and not in the middle of this page's own sign-in): go to the landing page.
  if (user && !signingIn) {
    return loading || checkingFactor ? <PageSpinner /> : <Navigate to={landingAfterSignIn(roles, from)} replace />;
  }

  const onMagicLink = async (values: LoginInput) => {
    setSendingLink(true);
    try {
      const failure = await sendMagicLink(values.email);
      if (failure) toast.error(fill(t.magicLinkError, { message: failure }));
      else toast.success(fill(t.magicLinkSent, { email: values.email.trim() }));
    } finally {
      setSendingLink(false);
    }
  };

  const onSubmit = async (values: LoginInput) => {
    setSigningIn(true);
    try {
      const result = await signIn(values.email.trim(), values.password);
      if (result.error) {
        toast.error(
          isInvalidCredentials(result.error)
            ? t.invalidCredentials
            : fill(t.loginError, { message: result.error.message }),
        );
        return;
      }
      const pending = await pendingSecondFactor();
      if (pending) {
        setFactorId(pending);
        return;
      }
      toast.success(t.loginSuccess);
      navigate(landingAfterSignIn(result.roles, from), { replace: true });
    } catch (error) {
      toast.error(fill(t.loginError, { message: errorMessage(error) }));
    } finally {
      setSigningIn(false);
    }
  };

  const onSetupAdmin = async (values: LoginInput) => {
    if (!isAdminEmail(values.email, env.ADMIN_EMAIL)) {
      toast.error(t.adminOnly);
      return;
    }
    if (env.ADMIN_SETUP_CODE_REQUIRED && !setupCode.trim()) {
      setSetupCodeError(t.setupCodeRequired);
      return;
    }
    setSetupCodeError(undefined);
    setSettingUpAdmin(true);
    try {
      const failure = await createAdminUser(
        values.email.trim(),
        values.password,
        env.ADMIN_SETUP_CODE_REQUIRED ? setupCode.trim() : undefined,
      );
      if (failure) toast.error(fill(t.adminSetupError, { message: failure }));
      else toast.success(t.adminSetupSuccess);
    } catch (error) {
      toast.error(fill(t.adminSetupError, { message: errorMessage(error) }));
    } finally {
      setSettingUpAdmin(false);
    }
  };

  const busy = signingIn || settingUpAdmin || sendingLink;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-slate-100 via-background to-blue-50 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <Landmark className="size-6" aria-hidden="true" />
          </span>
          <p className="text-sm font-medium text-muted-foreground">{companyName}</p>
          <h1 className="text-2xl leading-none font-semibold">{t.title}</h1>
          <CardDescription>{t.description}</CardDescription>
        </CardHeader>
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <CardContent className="grid gap-4">
            <FormField label={t.email} error={errors.email}>
              <Input type="email" autoComplete="email" placeholder={t.emailPlaceholder} {...register('email')} />
            </FormField>
            <FormField label={t.password} error={errors.password} id="password">
              <PasswordInput
                visible={showPassword}
                onToggle={() => setShowPassword((value) => !value)}
                {...register('password')}
              />
            </FormField>
            {showAdminSetup && env.ADMIN_SETUP_CODE_REQUIRED && (
              <FormField label={t.setupCode} description={t.setupCodeHelp} error={setupCodeError}>
                <Input
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="XXXX-XXXX-XXXX-XXXX"
                  value={setupCode}
                  onChange={(event) => setSetupCode(event.target.value)}
                />
              </FormField>
            )}
          </CardContent>
          <CardFooter className="mt-6 flex-col gap-3">
            <Button type="submit" className="w-full" disabled={busy}>
              {signingIn && <Loader2 className="animate-spin" aria-hidden="true" />}
              {t.submit}
            </Button>
            <Button
              type="button"
              variant="outline"
              className="w-full"
              disabled={busy}
              onClick={handleSubmit(onMagicLink, (found) => {
                // only the e-mail matters here: a missing password is no reason to refuse
                if (!found.email) void onMagicLink({ email, password: '' });
              })}
            >
              {sendingLink ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Mail aria-hidden="true" />}
              {t.magicLink}
            </Button>
            {showAdminSetup && (
              <Button
                type="button"
                variant="outline"
                className="w-full"
                disabled={busy}
                onClick={handleSubmit(onSetupAdmin)}
              >
                {settingUpAdmin ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <ShieldCheck aria-hidden="true" />
                )}
                {t.setupAdmin}
              </Button>
            )}
            {/* For a visitor "/" leads straight back here (the app has no public page): the link is only for a signed-in user. */}
            {user && (
              <Link
                to={landingFor(roles)}
                className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline"
              >
                <ArrowLeft className="size-4" aria-hidden="true" />
                {t.backHome}
              </Link>
            )}
          </CardFooter>
        </form>
      </Card>
    </main>
  );
}

type PasswordInputProps = ComponentProps<typeof Input> & { visible: boolean; onToggle: () => void };

/** Password input with a show/hide toggle; FormField passes id / aria-* to the <input>. */
function PasswordInput({ visible, onToggle, className, ...props }: PasswordInputProps) {
  return (
    <div className="relative">
      <Input
        type={visible ? 'text' : 'password'}
        autoComplete="current-password"
        placeholder={t.passwordPlaceholder}
        className={`pr-10 ${className ?? ''}`}
        {...props}
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-0 right-0 h-9 text-muted-foreground"
        aria-label={visible ? t.hidePassword : t.showPassword}
        aria-pressed={visible}
        onClick={onToggle}
      >
        {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
    </div>
  );
}
