/** The full-page card of the second-factor steps (code, enrolment): shield, title, description, then the step;
 * and the step's two actions (go on, or leave by signing out). */
import { Loader2, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import { useAuth } from '@/lib/auth-context';
import { authStrings as t } from '../strings';

export function SecondFactorScreen({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-slate-100 via-background to-blue-50 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl leading-none font-semibold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        {children}
      </Card>
    </main>
  );
}

/** The step's main button (a submit unless `onClick` is given; a spinner while busy) and "Cancelar e sair". */
export function SecondFactorActions({ label, busy, onClick }: { label: string; busy: boolean; onClick?: () => void }) {
  const { signOut } = useAuth();
  return (
    <>
      <Button type={onClick ? 'button' : 'submit'} className="w-full" disabled={busy} onClick={onClick}>
        {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
        {label}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={() => void signOut()}>
        {t.mfaCancel}
      </Button>
    </>
  );
}
