/** Integrações (administrators): the way to the notification deliveries screen. */
import { Send } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { notificacoesStrings as t } from '../strings';

export function DeliveriesLinkCard() {
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <Send className="size-8 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <h2 className="font-semibold">{t.deliveriesTitle}</h2>
          <CardDescription>{t.deliveriesDescription}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to="/notificacoes-envios">{t.deliveriesLink}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
