/** /cliente/questionario: the client's intake questionnaire, in Portuguese, saved as they type. */
import { PageHeader } from '@/components/page-header';
import { QuestionnaireScreen, questionnaireStrings as t } from '@/features/formularios';
import { useClientId } from '../api/queries';

export default function PortalQuestionarioPage() {
  const clientId = useClientId();
  return (
    <>
      <PageHeader title={t.title} description={t.description} />
      <QuestionnaireScreen clientId={clientId} viewer="client" />
    </>
  );
}
