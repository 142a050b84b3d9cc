/** /configuracoes/integracoes: the integrations, then the links to the scheduled jobs and the deliveries. */
import { ScheduledJobsLinkCard } from '@/features/automacoes';
import IntegracoesPage from '@/features/integracoes/routes/integracoes-page';
import { DeliveriesLinkCard } from '@/features/notificacoes';
import { useAuth } from '@/lib/auth-context';

export default function IntegracoesRoute() {
  const { hasRole } = useAuth();
  const isAdmin = hasRole('administrator');
  return (
    <IntegracoesPage>
      {isAdmin && <ScheduledJobsLinkCard />}
      {isAdmin && <DeliveriesLinkCard />}
    </IntegracoesPage>
  );
}
