/** /integracoes (administrator): integration cards, the S3 configuration and the Open API box. */
import { CheckCircle2, Link2, Settings2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth-context';
import { useS3Setting } from '../api/queries';
import { useWhatsAppSetting } from '../api/whatsapp-setting';
import { INTEGRATIONS, type Integration } from '../catalog';
import { MailDeliveryCard } from '../components/mail-delivery-card';
import { OpenApiCard } from '../components/open-api-card';
import { PaymentsCard } from '../components/payments-card';
import { ProvidersCard } from '../components/providers-card';
import { S3ConfigDialog } from '../components/s3-config-dialog';
import { WhatsAppConfigDialog } from '../components/whatsapp-config-dialog';
import { WhatsAppSimulatorCard } from '../components/whatsapp-simulator-card';
import { integracoesStrings as t } from '../strings';

function IntegrationsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true" aria-label="Carregando integrações">
      {Array.from({ length: INTEGRATIONS.length }, (_, i) => (
        <Card key={i} className="gap-3 px-5" data-testid="integration-skeleton">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-lg" />
            <Skeleton className="h-4 flex-1" />
          </div>
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-2/3" />
          <Skeleton className="h-8 w-28" />
        </Card>
      ))}
    </div>
  );
}

function IntegrationCard({
  integration,
  connected,
  onConnect,
}: {
  integration: Integration;
  connected: boolean;
  onConnect: () => void;
}) {
  const Icon = integration.icon;
  return (
    <Card className="h-full">
      <CardHeader className="flex-row items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h2 className="font-semibold">{integration.name}</h2>
      </CardHeader>
      <CardContent className="flex-1">
        <CardDescription>{integration.description}</CardDescription>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        {connected ? (
          <>
            <Badge variant="success">
              <CheckCircle2 aria-hidden="true" />
              {t.connected}
            </Badge>
            {(integration.id === 's3' || integration.id === 'whatsapp') && (
              <Button variant="ghost" size="sm" onClick={onConnect} aria-label={`${t.reconfigure} ${integration.name}`}>
                <Settings2 aria-hidden="true" />
                {t.reconfigure}
              </Button>
            )}
          </>
        ) : (
          <Button size="sm" onClick={onConnect} aria-label={`${t.connect} ${integration.name}`}>
            <Link2 aria-hidden="true" />
            {t.connect}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

/** `children`: the cards linking to other areas' settings (the route composes them), after the mail card. */
export default function IntegracoesPage({ children }: { children?: ReactNode }) {
  const { hasRole } = useAuth();
  const isAdmin = hasRole('administrator');
  const { data: s3, isPending } = useS3Setting(isAdmin);
  const [s3Open, setS3Open] = useState(false);
  const { data: whatsapp } = useWhatsAppSetting(isAdmin);
  const [whatsappOpen, setWhatsappOpen] = useState(false);
  const loading = isAdmin && isPending;

  const onConnect = (integration: Integration) => {
    if (integration.id === 'whatsapp' && isAdmin) {
      setWhatsappOpen(true);
      return;
    }
    if (!isAdmin) {
      toast.error(t.s3Denied);
      return;
    }
    setS3Open(true);
  };

  return (
    <div>
      <PageHeader title={t.title} description={t.description} />
      {loading ? (
        <IntegrationsSkeleton />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {INTEGRATIONS.map((integration) => (
            <li key={integration.id}>
              <IntegrationCard
                integration={integration}
                connected={
                  (integration.id === 's3' && Boolean(s3)) || (integration.id === 'whatsapp' && Boolean(whatsapp))
                }
                onConnect={() => onConnect(integration)}
              />
            </li>
          ))}
        </ul>
      )}
      {isAdmin && (
        <div className="mt-6">
          <ProvidersCard />
        </div>
      )}
      {isAdmin && (
        <div className="mt-6">
          <PaymentsCard />
        </div>
      )}
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <OpenApiCard />
        {isAdmin && <MailDeliveryCard />}
        {isAdmin && <WhatsAppSimulatorCard />}
        {children}
      </div>
      <S3ConfigDialog open={s3Open} onOpenChange={setS3Open} current={s3} />
      <WhatsAppConfigDialog open={whatsappOpen} onOpenChange={setWhatsappOpen} current={whatsapp} />
    </div>
  );
}
