/** /processos: the processes page with the USCIS forms library (Formulários) as one of its tabs. */
import { FormsTab } from '@/features/formularios';
import ProcessosPage from '@/features/processos/routes/processos-page';

export default function ProcessosRoute() {
  return <ProcessosPage formsTab={<FormsTab />} />;
}
