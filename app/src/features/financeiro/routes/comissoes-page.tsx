import { FinancePlaceholderPage } from '../components/placeholder-page';

export default function ComissoesPage() {
  return (
    <FinancePlaceholderPage
      title="Comissões"
      button="Registrar Comissão"
      description="Registre e acompanhe as comissões de vendas e de parceiros."
    />
  );
}
