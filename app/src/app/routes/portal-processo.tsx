/** /cliente/processos/:processId: the client's process with where it stands in the queue (Fila). */
import { QueueCard } from '@/features/fila';
import PortalProcessoPage from '@/features/portal/routes/portal-processo-page';

export default function PortalProcessoRoute() {
  return <PortalProcessoPage standing={(processId) => <QueueCard processId={processId} />} />;
}
