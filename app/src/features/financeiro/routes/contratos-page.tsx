import { FinancePlaceholderPage } from '../components/placeholder-page';

export default function ContratosPage() {
  return (
    <FinancePlaceholderPage
      title="Contratos"
      button="Criar Contrato"
      description="Gerencie os contratos de prestação de serviços firmados com os clientes."
    />
  );
}
