/** The full-page card of the second-factor steps (code, enrolment): shield, title, description, then the step. */
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';

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
