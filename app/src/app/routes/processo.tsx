/** /processos/:id: the process page with where the case stands (Fila) under its tabs, and the questionnaire
 * answers a filled packet lacked (Formulários) for "Pedir ao cliente". */
import { StandingPanel } from '@/features/fila';
import { missingAnswers } from '@/features/formularios';
import ProcessoPage from '@/features/processos/routes/processo-page';

export default function ProcessoRoute() {
  return (
    <ProcessoPage
      standing={(process) => <StandingPanel processId={process.id} clientId={process.client_id} />}
      packetAskable={missingAnswers}
    />
  );
}
