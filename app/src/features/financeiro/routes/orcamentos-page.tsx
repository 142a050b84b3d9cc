import { FinancePlaceholderPage } from '../components/placeholder-page';

export default function OrcamentosPage() {
  return (
    <FinancePlaceholderPage
      title="Orçamentos"
      button="Criar Orçamento"
      description="Crie e acompanhe os orçamentos enviados aos clientes para os serviços do escritório."
    />
  );
}
