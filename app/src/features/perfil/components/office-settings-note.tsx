/**
 * The office name and logo live in the database (Configurações do escritório); this card only points
 * administrators there. Other staff see nothing: they cannot change them.
 */
import { Landmark } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-context';
import { perfilStrings as t } from '../strings';

export function OfficeSettingsNote() {
  const { hasRole } = useAuth();
  if (!hasRole('administrator')) return null;
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <Landmark className="size-8 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <h2 className="leading-none font-semibold">{t.brandingTitle}</h2>
          <CardDescription className="mt-1.5">{t.brandingNote}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to={paths.configuracoes}>{t.openOfficeSettings}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
