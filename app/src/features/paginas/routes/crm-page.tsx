/** /crm: what the customer-relationship module will hold. */
import { PageHeader } from '@/components/page-header';
import { ComingSoon } from '../components/coming-soon';

export default function CrmPage() {
  return (
    <div>
      <PageHeader title="CRM" description="Relacionamento com clientes e prospecção de novos casos." />
      <ComingSoon
        title="Gestão de relacionamento"
        items={[
          'Leads e contatos interessados nos serviços do escritório',
          'Funil de oportunidades por tipo de processo',
          'Histórico de contatos e próximos passos',
          'Conversão de leads em clientes com acesso ao portal',
        ]}
      />
    </div>
  );
}
