import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The "Acesso Restrito" card for users without permission (e.g. /usuarios for non-administrators). */
export function AccessDenied({
  description = 'Você não tem permissão para acessar esta página.',
  children,
}: {
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex w-full justify-center p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <ShieldAlert className="mx-auto size-10 text-destructive" aria-hidden="true" />
          <CardTitle>Acesso Restrito</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        {children && <CardContent className="flex justify-center">{children}</CardContent>}
      </Card>
    </div>
  );
}
