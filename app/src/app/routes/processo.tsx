/** /processos/:id: the process page with where the case stands (Fila) under its tabs. */
import { StandingPanel } from '@/features/fila';
import ProcessoPage from '@/features/processos/routes/processo-page';

export default function ProcessoRoute() {
  return <ProcessoPage standing={(process) => <StandingPanel processId={process.id} clientId={process.client_id} />} />;
}
