/** /clientes/:clientId/questionario: staff review and complete a client's intake questionnaire. */
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { supabase } from '@/lib/supabase';
import { QuestionnaireScreen } from '../components/questionnaire-screen';
import { questionnaireStrings as t } from '../strings';
import { fill } from '@/lib/strings';

export default function QuestionarioClientePage() {
  const { clientId = '' } = useParams();
  const { data: client, isLoading } = useQuery({
    queryKey: ['formularios', 'client', clientId],
    queryFn: async () => {
      const { data } = await supabase
        .from('clients')
        .select('id, full_name')
        .eq('id', clientId)
        .maybeSingle()
        .throwOnError();
      return data as { id: string; full_name: string } | null;
    },
  });
  return (
    <>
      <PageHeader
        title={client ? fill(t.reviewTitle, { name: client.full_name }) : t.title}
        actions={
          <Button variant="outline" asChild>
            <Link to="/processos">
              <ArrowLeft aria-hidden="true" />
              {t.back}
            </Link>
          </Button>
        }
      />
      {!isLoading && !client ? <p>{t.notFound}</p> : <QuestionnaireScreen clientId={clientId} viewer="staff" />}
    </>
  );
}
