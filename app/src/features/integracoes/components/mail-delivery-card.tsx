/** Integrações (administrators): where the office's e-mails go, as the server is configured. */
import { Mail } from 'lucide-react';
import { Badge, ColorBadge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { fill } from '@/lib/strings';
import { useMailDelivery } from '../api/mail-delivery';
import { integracoesStrings as t } from '../strings';

export function MailDeliveryCard() {
  const { data, isPending, isError } = useMailDelivery(true);
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <Mail className="size-8 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <h2 className="font-semibold">{t.mailTitle}</h2>
          {data && (
            <div className="mt-1">
              {data.kind === 'smtp' ? (
                <Badge variant="success">{t.mailSmtp}</Badge>
              ) : (
                <ColorBadge color="amber">{data.kind === 'local_sink' ? t.mailLocalSink : t.mailNone}</ColorBadge>
              )}
            </div>
          )}
        </div>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-4 w-full" />
        ) : isError || !data ? (
          <CardDescription>{t.mailError}</CardDescription>
        ) : (
          <CardDescription>
            {fill(
              data.kind === 'smtp'
                ? t.mailSmtpDescription
                : data.kind === 'local_sink'
                  ? t.mailLocalSinkDescription
                  : t.mailNoneDescription,
              { address: data.address },
            )}
          </CardDescription>
        )}
      </CardContent>
    </Card>
  );
}
