import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useClientSummary } from '../api/queries';
import { MessageThread } from '../components/message-thread';
import { mensagensStrings as t } from '../strings';

/** Staff view of one client's thread (/clientes/:clientId/mensagens): office on the right, client on the left. */
export default function MensagensPage() {
  const { clientId } = useParams<{ clientId: string }>();
  const { data: client, isPending, isError } = useClientSummary(clientId);

  const back = (
    <Button variant="outline" size="sm" asChild>
      <Link to={paths.clientes}>
        <ArrowLeft aria-hidden="true" />
        {t.back}
      </Link>
    </Button>
  );

  if (isPending) {
    return (
      <div className="grid gap-4" data-testid="staff-thread-loading">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-[400px] w-full" />
      </div>
    );
  }

  if (!client || !clientId) {
    return (
      <>
        <PageHeader title={t.portalTitle} actions={back} />
        <Card>
          <CardHeader>
            <CardTitle>{t.clientNotFound}</CardTitle>
            {!isError && <CardDescription>{t.clientNotFoundText}</CardDescription>}
          </CardHeader>
          <CardContent />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader title={client.full_name} description={`${t.staffDescription} · ${client.email}`} actions={back} />
      <MessageThread clientId={client.id} viewer="office" otherLabel={client.full_name} />
    </>
  );
}
