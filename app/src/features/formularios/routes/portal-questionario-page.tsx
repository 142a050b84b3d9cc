/** /cliente/questionario: the client's intake questionnaire, in Portuguese, saved as they type. */
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth-context';
import { QuestionnaireScreen } from '../components/questionnaire-screen';
import { questionnaireStrings as t } from '../strings';

export default function PortalQuestionarioPage() {
  const clientId = useAuth().clientData?.id ?? '';
  return (
    <>
      <PageHeader title={t.title} description={t.description} />
      <QuestionnaireScreen clientId={clientId} viewer="client" />
    </>
  );
}
